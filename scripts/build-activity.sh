#!/bin/sh
# Builds web/static/activity.js: Discord's Embedded App SDK (@discord/embedded-app-sdk, MIT, the version
# pinned in scripts/activity/package.json) and the page's handshake (scripts/activity/entry.js), bundled and
# minified by esbuild. Needs Node 20 and npm; node_modules stays out of git. Run it after changing either,
# and commit web/static/activity.js with web/static/activity.LICENSE.txt.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
cd "$here/activity"
npm ci --no-audit --no-fund --ignore-scripts 2>/dev/null || npm install --no-audit --no-fund --ignore-scripts
version=$(node -p 'require("@discord/embedded-app-sdk/package.json").version')
node node_modules/esbuild/bin/esbuild entry.js --bundle --minify --format=iife --target=es2020 \
  --legal-comments=none \
  --banner:js="/* Dama's Activity handshake, with @discord/embedded-app-sdk $version (MIT, Discord Inc.; see activity.LICENSE.txt). Built by scripts/build-activity.sh. */" \
  --outfile="$root/web/static/activity.js"
{
  echo "web/static/activity.js bundles @discord/embedded-app-sdk $version (https://github.com/discord/embedded-app-sdk)"
  echo "and the packages it depends on, each under the licence below."
  for dir in node_modules/@discord/embedded-app-sdk $(node -e '
    const deps = require("@discord/embedded-app-sdk/package.json").dependencies || {};
    for (const name of Object.keys(deps)) console.log("node_modules/" + name);'); do
    [ -d "$dir" ] || continue
    name=$(node -p "require('./$dir/package.json').name + ' ' + require('./$dir/package.json').version")
    echo
    echo "== $name =="
    cat "$dir"/LICEN[CS]E* 2>/dev/null || echo "(licence: $(node -p "require('./$dir/package.json').license"))"
  done
} > "$root/web/static/activity.LICENSE.txt"
echo "web/static/activity.js: $(wc -c < "$root/web/static/activity.js") bytes, $(gzip -9c "$root/web/static/activity.js" | wc -c) gzipped"
