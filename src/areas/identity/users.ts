// People who signed in through the provider: made at the first sign-in (keyed by issuer and
// subject), their roles and last sign-in updated at each one. The admin's list of them.

import { randomBytes } from 'node:crypto';
import { column } from '../../catalog/columns.ts';
import type { ColumnDef } from '../../catalog/types.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import { param, readJson } from '../../platform/db/database.ts';
import { defineList, fieldSql } from '../../platform/lists/list-spec.ts';
import { rowValues } from '../../platform/lists/row-values.ts';

export interface UserInput {
  tenantId: string;
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  /** `role` (every workspace) or `role:workspace`. */
  roles: string[];
  now: number;
}

/**
 * Makes the user at their first sign-in, or notes the sign-in; answers the user id, whether it is
 * new, and the roles it had. Two first sign-ins of one person at the same instant both succeed:
 * the insert does nothing when the other made the row (INSERT … ON CONFLICT on the unique
 * issuer-and-subject index; PostgreSQL waits for the other's commit), and this one then signs in
 * to the row made, as a second sign-in would.
 */
export async function upsertUser(db: Db, ex: Executor, u: UserInput): Promise<{ id: string; created: boolean; previousRoles: string[] }> {
  const find = db.template('users.by-subject', (b) =>
    b
      .selectFrom('identity_users')
      .select(['id', 'roles'])
      .where('tenant_id', '=', param('tenant'))
      .where('issuer', '=', param('issuer'))
      .where('subject', '=', param('subject')),
  );
  const key = { tenant: u.tenantId, issuer: u.issuer, subject: u.subject };
  const args = { tenant: u.tenantId, email: u.email, name: u.name, roles: JSON.stringify(u.roles), now: u.now };
  let row = await ex.first(find, key);
  if (!row) {
    const id = 'usr_' + randomBytes(8).toString('hex');
    const insert = db.template('users.insert', (b) =>
      b
        .insertInto('identity_users')
        .values({
          tenant_id: param('tenant'),
          id: param('id'),
          issuer: param('issuer'),
          subject: param('subject'),
          email: param<string | null>('email'),
          name: param<string | null>('name'),
          roles: param('roles'),
          created_at: param<number>('now'),
          last_sign_in_at: param<number>('now'),
        })
        .onConflict((oc) => oc.columns(['tenant_id', 'issuer', 'subject']).doNothing()),
    );
    if ((await ex.run(insert, { ...args, id, issuer: u.issuer, subject: u.subject })) === 1)
      return { id, created: true, previousRoles: [] };
    // Made by the other sign-in meanwhile (committed: the conflict waited for it).
    row = await ex.first(find, key);
    if (!row) throw new Error('the user made by a concurrent sign-in is not visible');
  }
  const update = db.template('users.sign-in', (b) =>
    b
      .updateTable('identity_users')
      .set({
        email: param<string | null>('email'),
        name: param<string | null>('name'),
        roles: param('roles'),
        last_sign_in_at: param<number>('now'),
      })
      .where('tenant_id', '=', param('tenant'))
      .where('id', '=', param('id')),
  );
  await ex.run(update, { ...args, id: row.id });
  return { id: row.id, created: false, previousRoles: readJson<string[]>(row.roles) ?? [] };
}

export const userColumns: ColumnDef[] = [
  column('id', 'string', 'User id (`usr_…`): the actor of their sessions in the audit trail and the `created_by` of keys they make.', true),
  column('email', 'string', 'The e-mail address the provider gave at the last sign-in, or null.', true),
  column('name', 'string', 'Their name as the provider gave it, or null.', true),
  column('roles', 'strings', 'Roles their groups gave at the last sign-in: `admin`, `editor`, `viewer`, or `role:workspace`.', false),
  column('created_at', 'time', 'Their first sign-in.', true),
  column('last_sign_in_at', 'time', 'Their last sign-in.', true),
];

const userRow = rowValues(userColumns);

/** The users of a tenant, most recent sign-in first. */
export const usersList = defineList({
  name: 'identity.users',
  columns: userColumns,
  columnSql: () => fieldSql(userColumns, 'u.'),
  tie: ['u.id'],
  defaultSort: [{ column: 'last_sign_in_at', dir: 'desc' }],
  filters: [],
  pageSize: 100,
  base: (b) =>
    b
      .selectFrom('identity_users as u')
      .select(['u.id', 'u.email', 'u.name', 'u.roles', 'u.created_at', 'u.last_sign_in_at'])
      .where('u.tenant_id', '=', param('tenant')),
  render: (_db, _scope, rows) => rows.map(userRow),
});
