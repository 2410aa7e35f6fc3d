import { Navigate, useLocation, useParams } from 'react-router';
import { toolPath, useLocalizedPath } from '../app/paths';

/**
 * Old paths /v2/{tool} and /{lang}/v2/{tool}, with an optional -new suffix, go to
 * /app/{tool} under the same language prefix, keeping the query; /v2/popular-tools goes to that
 * language's home (SPEC §2). The server answers these paths with the same redirect first.
 */
export default function LegacyToolRedirect() {
  const { tool = '' } = useParams();
  const { search, hash } = useLocation();
  const localized = useLocalizedPath();
  const name = tool.replace(/-new$/, '');
  if (name === '' || name === 'popular-tools') return <Navigate to={localized('/')} replace />;
  return <Navigate to={`${localized(toolPath(name))}${search}${hash}`} replace />;
}
