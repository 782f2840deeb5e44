/** Sign-in state of the browser: the provider every page has, and the signed-in user. */
export { AuthProvider, SignInFailedUnshown, useAuth } from './auth-provider';
export { displayName, type AuthUser } from './auth-user';
