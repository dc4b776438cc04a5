// The findings and rules area: issues, instances, rules, the histogram and the dashboard.

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { RuleComponent } from '../findings-schemas.ts';
import { registerDashboard } from './dashboard.ts';
import { registerIssues } from './issues.ts';
import { registerRules } from './rules.ts';

export function registerFindings(app: FastifyInstance, ctx: AppContext): void {
  app.addSchema(RuleComponent);
  registerIssues(app, ctx);
  registerRules(app, ctx);
  registerDashboard(app, ctx);
}
