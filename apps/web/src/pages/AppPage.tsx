import { toolByPageName } from '@pagewright/contracts';
import { Navigate, useParams } from 'react-router';
import { FeaturePage, isFeatureName } from './FeaturePage';
import { ToolPage } from './ToolPage';

/** /app/:page: a tool workspace, another /app screen, or the site home for unknown names. */
export default function AppPage() {
  const { page = '' } = useParams();
  const tool = toolByPageName(page);
  if (tool) return <ToolPage key={tool.pageName} tool={tool} />;
  if (isFeatureName(page)) return <FeaturePage key={page} name={page} />;
  return <Navigate to="/" replace />;
}
