import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { usePageTitle } from '../../../app/page-title';
import type { AdminModuleDefinition } from '../admin-modules';
import { useAdminModules } from '../use-admin-modules';

/** /admin/{module}: an unknown module, or one the user may not open, leads back to /admin. */
export default function AdminModulePage() {
  const { module } = useParams();
  const modules = useAdminModules();
  const definition = modules.find((candidate) => candidate.id === module);
  if (!definition) {
    return <Navigate to="/admin" replace />;
  }
  return <ModuleView definition={definition} />;
}

function ModuleView({ definition }: { definition: AdminModuleDefinition }) {
  const { t } = useTranslation();
  usePageTitle([t('titles.admin'), t(`admin.moduleNames.${definition.id}`)]);
  const Page = definition.page;
  return <Page />;
}
