import { Navigate, useLocation, useParams } from 'react-router';
import { toolPath } from '../app/paths';

/**
 * Old paths /v2/{tool} and /{lang}/v2/{tool}, with an optional -new suffix, go to
 * /app/{tool} keeping the query; /v2/popular-tools goes to the site home (SPEC §2).
 */
export default function LegacyToolRedirect() {
  const { tool = '' } = useParams();
  const { search, hash } = useLocation();
  const name = tool.replace(/-new$/, '');
  if (name === '' || name === 'popular-tools') return <Navigate to="/" replace />;
  return <Navigate to={`${toolPath(name)}${search}${hash}`} replace />;
}
