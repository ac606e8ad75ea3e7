import { Navigate } from 'react-router';
import { AccountPanel } from '../components/AccountPanel';
import { useAdminModules } from '../use-admin-modules';

/** /admin leads to the first module the user may open; a key without one sees its account. */
export default function AdminIndexPage() {
  const [first] = useAdminModules();
  if (first) {
    return <Navigate to={`/admin/${first.id}`} replace />;
  }
  return <AccountPanel />;
}
