/**
 * Every route of the API, in one list: the server refuses to start unless it implements each
 * exactly once, and the OpenAPI document is generated from it.
 */
import { routeList } from './route.js';
import { aiRoutes } from './ai.js';
import { aiDetectorRoutes } from './aiDetector.js';
import { accountRoutes } from './account.js';
import { cloudRoutes, shareRoutes } from './cloud.js';
import { docsRoutes, fileRoutes, taskRoutes } from './api.js';
import { messageRoutes } from './messages.js';
import { billingRoutes } from './pricing.js';
import { siteRoutes } from './site.js';
import { siteConfigRoutes } from './siteConfig.js';
import { templateRoutes } from './templates.js';
import { signatureRoutes, toolRoutes } from './toolRequests.js';
import { translateRoutes } from './translate.js';
import { editorRoutes } from './editor.js';

export const apiRoutes = routeList(
  accountRoutes, fileRoutes, taskRoutes, toolRoutes, signatureRoutes, billingRoutes, messageRoutes,
  templateRoutes, siteRoutes, siteConfigRoutes, cloudRoutes, shareRoutes, aiRoutes, docsRoutes,
  translateRoutes,
  aiDetectorRoutes,
  editorRoutes,
);
