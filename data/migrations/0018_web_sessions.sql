-- Revises: 0017
-- Reason: signing in with Discord on the web page (OAuth2, issue 60). A sign-in under way is kept from the
-- redirect to Discord until Discord sends the browser back (its state, its PKCE verifier, the page to return
-- to, bound to the browser that started it); a session is kept behind a cookie until it expires, its player
-- signs out, or the player deletes their data (/forget-me). Only SHA-256 digests of the state, the browser's
-- key and the session cookie are stored: the table alone opens nothing.

CREATE TABLE web_sign_ins (
    state_hash TEXT PRIMARY KEY,            -- SHA-256 of the OAuth2 state, hex
    browser_hash TEXT NOT NULL,             -- SHA-256 of the browser's sign-in cookie, hex
    verifier TEXT NOT NULL,                 -- the PKCE code verifier (useless without the code)
    next_path TEXT NOT NULL,                -- the page to go back to, relative to WEB_BASE_URL
    expires_at TEXT NOT NULL
);
CREATE INDEX web_sign_ins_by_expiry ON web_sign_ins (expires_at);

CREATE TABLE web_sessions (
    id_hash TEXT PRIMARY KEY,               -- SHA-256 of the session cookie's value, hex
    player_id INTEGER NOT NULL,
    csrf TEXT NOT NULL,                     -- the token every POST of this session carries
    created_at TEXT NOT NULL,
    seen_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX web_sessions_by_player ON web_sessions (player_id);
CREATE INDEX web_sessions_by_expiry ON web_sessions (expires_at);
