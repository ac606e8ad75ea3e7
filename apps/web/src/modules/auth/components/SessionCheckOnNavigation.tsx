import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { validateSessionIfDue } from '../auth.actions';

/** Revalidates the session once, when mounted, if the last check is due (SPEC §2). */
function SessionCheckOnce() {
  useEffect(() => {
    void validateSessionIfDue();
  }, []);
  return null;
}

/**
 * SPEC §2 for the routes that need a live session: every navigation revalidates the session
 * when the last check is older than five minutes. Keyed by the path, so each path checks anew.
 */
export function SessionCheckOnNavigation() {
  const { pathname } = useLocation();
  return <SessionCheckOnce key={pathname} />;
}
