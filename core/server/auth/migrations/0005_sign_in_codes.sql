-- One-time codes for sign-in through a messenger bot (core/server/auth/sign-in-codes.ts). The login
-- screen asks for a code, the bot binds it to the messenger user who pressed Start, and the waiting
-- screen redeems it. Kept here, not in memory, so any server copy can bind or redeem a code another
-- copy gave out. Only the code's SHA-256 is stored: a leaked row cannot be redeemed.
CREATE TABLE sign_in_codes (
  code_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL,
  -- Set together when the bot binds the code; user_id stays null when the binding was refused.
  bound_at timestamptz,
  messenger_user_id bigint,
  user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  -- Why a binding was refused, so the waiting screen can say so.
  refusal text CHECK (refusal IN ('no-account', 'blocked')),
  used_at timestamptz
);
CREATE INDEX sign_in_codes_expires_at_idx ON sign_in_codes (expires_at);
