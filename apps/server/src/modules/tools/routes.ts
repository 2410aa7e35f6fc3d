/**
 * The tool calls of SPEC §7, over HTTP only: each call the tool table names for a task kind
 * starts that kind through the service. A GET call (converter) carries its request as a query.
 */
import { toolRoutes, toolsOfTaskKind, type AnyRoute } from '@pagewright/contracts';
import { implement, type RouteImplementation } from '../../http/route.js';
import type { ToolsService } from './service.js';

export function toolsRoutes(tools: ToolsService): RouteImplementation[] {
  return tools.kindNames().flatMap((kind) => {
    const keys = [...new Set(toolsOfTaskKind(kind).flatMap((t) => t.request!.routes))];
    return keys.map((key) => {
      const declaration: AnyRoute = toolRoutes[key];
      return implement(declaration, ({ query, body, params }, request) =>
        tools.start(kind, request.identity, body ?? query, params as Record<string, string>));
    });
  });
}
