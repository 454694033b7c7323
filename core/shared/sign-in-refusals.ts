/**
 * Why the server refused a sign-in, in the words it sends. Shared so the login page can
 * tell a blocked account from a wrong password and say so in the user's language.
 */
export const INVALID_CREDENTIALS = 'Invalid email or password. Please try again.';
export const ACCOUNT_BLOCKED = 'This account is blocked.';
