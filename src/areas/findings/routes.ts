// The findings and rules area: issues, instances, rules, the histogram and the dashboard.

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.ts';
import { RuleComponent } from './schemas.ts';
import { registerDashboard } from './dashboard-routes.ts';
import { registerIssues } from './issues-routes.ts';
import { registerRules } from './rules-routes.ts';
import { registerSarif } from './sarif-routes.ts';
import { registerTokenIssues } from './token-issues-routes.ts';

export function registerFindings(app: FastifyInstance, ctx: AppContext): void {
  app.addSchema(RuleComponent);
  registerSarif(app, ctx);
  registerIssues(app, ctx);
  registerTokenIssues(app, ctx);
  registerRules(app, ctx);
  registerDashboard(app, ctx);
}
