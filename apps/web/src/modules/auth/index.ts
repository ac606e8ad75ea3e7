/**
 * The auth feature's public entry: what other features import from it, named (the rule
 * web-features-through-their-entry in .dependency-cruiser.cjs). Its own files import each other
 * directly, never through here.
 * LoginPage is AdminPage's sign-in screen, not a route of its own. The API client and the
 * offline cache import auth.store.ts directly: this entry's actions import the API client.
 */
export { useIsValidating } from './auth.actions';
export { authApi } from './auth.api';
export type { AuthState } from './auth.store';
export {
  authStore,
  getAuthState,
  hasAnyKeyPermission,
  logout,
  sessionAuthorization,
  setAdminSession,
  setApiKeySession,
  toPrincipal,
  useAuth,
} from './auth.store';
export { PermissionBadges } from './components/PermissionBadges';
export { SessionCheckOnNavigation } from './components/SessionCheckOnNavigation';
export { SessionIdentity } from './components/SessionIdentity';
export { SignOutButton } from './components/SignOutButton';
export { LoginPage } from './pages/LoginPage';
