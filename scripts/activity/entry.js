// The page inside Discord (ACTIVITY_ENABLED=1): Discord's Embedded App SDK says hello to the client, asks it
// for a code (authorize), the bot turns the code into a session (POST api/token, the same session as
// "Sign in with Discord"), the SDK authenticates with the access token, and the page reloads signed in.
// Outside Discord (no frame_id in the address) nothing runs.
import { DiscordSDK } from "@discord/embedded-app-sdk";

async function start() {
  const meta = document.querySelector('meta[name="dama-activity"]');
  const query = new URLSearchParams(window.location.search);
  if (!meta || !query.get("frame_id")) return;
  const clientId = meta.getAttribute("content");
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  await sdk.ready();
  if (document.querySelector('meta[name="csrf-token"]')) return; // signed in already
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const answer = await fetch(meta.getAttribute("data-token"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
    credentials: "same-origin",
  });
  if (!answer.ok) throw new Error("sign-in refused: HTTP " + answer.status);
  const { access_token } = await answer.json();
  await sdk.commands.authenticate({ access_token });
  window.location.reload();
}

// Refused or cut short (no Discord client answering, a code Discord would not exchange): the page stays as it
// is, read-only with its Sign in link; nothing is written to the console, which the SDK forwards to Discord.
start().catch(() => {});
