import { toolByPageName } from '@pagewright/contracts';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useParams } from 'react-router';
import AppHomePage from './AppHomePage';
import { FeaturePage, isFeatureName } from './FeaturePage';
import { ToolPage } from './ToolPage';

/** /app children with a page of their own; the rest of the feature names show a notice. */
const appPages: Record<string, LazyExoticComponent<ComponentType> | ComponentType> = {
  'home-test': AppHomePage,
  'pdf-editor': lazy(() => import('./PdfEditorPage')),
  'document-cloud': lazy(() => import('./DocumentCloudPage')),
  'download-file': lazy(() => import('../share/SharedFilePage')),
  'automated-test': lazy(() => import('./AutomatedTestPage')),
  'chat-pdf': lazy(() => import('../ai/ChatPdfPage')),
  'ai-read': lazy(() => import('../ai/AiReadPage')),
  'ai-translator': lazy(() => import('../ai/translator/TranslatorPage')),
  'ai-proofread': lazy(() => import('../ai/proofread/ProofreadPage')),
  'ai-detector-result': lazy(() => import('../ai/detector/DetectorResultPage')),
};

/** /app/:page: a tool workspace, another /app screen, or the site home for unknown names. */
export default function AppPage() {
  const { page = '' } = useParams();
  const tool = toolByPageName(page);
  if (tool) return <ToolPage key={tool.pageName} tool={tool} />;
  const Page = Object.hasOwn(appPages, page) ? appPages[page] : undefined;
  if (Page) return <Page key={page} />;
  if (isFeatureName(page)) return <FeaturePage key={page} name={page} />;
  return <Navigate to="/" replace />;
}
