import { Navigate, useLocation } from 'react-router';
import { AccountPanel } from '../components/AccountPanel';
import { useAdminModules } from '../use-admin-modules';

/** /admin leads to the first module the user may open; a key without one sees its account. */
export default function AdminIndexPage() {
  const [first] = useAdminModules();
  // The query goes along: `?showEnvSwitcher` is read wherever the admin lands (SPEC §2).
  const { search } = useLocation();
  if (first) {
    return <Navigate to={{ pathname: `/admin/${first.id}`, search }} replace />;
  }
  return <AccountPanel />;
}
