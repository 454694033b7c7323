/** The core's own routes, apart from the guards so the sign-in screen can name them without the router. */
export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
export const ENTER_EMAIL_PATH = '/enter-email';
export const MAIN_PATH = '/dashboard/main';
