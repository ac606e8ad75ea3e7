import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/NotFoundPage';
import { usePageTitle } from '../../../app/page-title';
import { ADMIN_MODULES, type AdminModuleDefinition } from '../admin-modules';
import { useAdminModules } from '../use-admin-modules';

/**
 * /admin/{module}: a module the user may not open leads back to /admin (their first module);
 * one that does not exist is not found, rather than another module passing for it.
 */
export default function AdminModulePage() {
  const { module } = useParams();
  const { search } = useLocation();
  const modules = useAdminModules();
  const definition = modules.find((candidate) => candidate.id === module);
  if (!ADMIN_MODULES.some((known) => known.id === module)) {
    return <NotFoundPage />;
  }
  if (!definition) {
    return <Navigate to={{ pathname: '/admin', search }} replace />;
  }
  return <ModuleView definition={definition} />;
}

function ModuleView({ definition }: { definition: AdminModuleDefinition }) {
  const { t } = useTranslation();
  usePageTitle([t('titles.admin'), t(`admin.moduleNames.${definition.id}`)]);
  const Page = definition.page;
  return <Page />;
}
