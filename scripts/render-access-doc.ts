import { readFileSync, writeFileSync } from 'node:fs';
import { GRANTS } from '../src/access/grants.ts';
import { allOperations } from '../src/namespaces/index.ts';
import type { Operation } from '../src/operations/operation.ts';
import { Registry } from '../src/rpc/registry.ts';

/**
 * Renders the generated part of docs/access.md from the registry and the role table
 * (src/access/grants.ts): `npm run docs:access`. Only the text between the two markers is
 * rendered; the rest of the file is written by hand. test/access-doc.test.ts keeps it current.
 */

export const DOC_PATH = new URL('../docs/access.md', import.meta.url);
export const START = '<!-- generated:start (npm run docs:access renders this part from the registry and src/access/grants.ts; edit those) -->';
export const END = '<!-- generated:end -->';

const PROSE = `## Who may call what

Every operation declares its audience in its own declaration (\`src/operations/audience.ts\`); the
dispatcher admits the caller before the handler runs (\`src/access/enforce.ts\`). There is no default:
an operation without an audience fails registration.

| audience | who passes |
|---|---|
| public | everyone, with or without a token |
| self | the account the data belongs to; staff of the owner's organization holding a role the table grants for the operation |
| member | members of the organization the call concerns (an unblocked user record there) holding a role the table grants for the operation |
| platform | platform admins (a user record with role \`platform_admin\`) |

A platform admin passes every check. A blocked member is FORBIDDEN in that organization at once
(roles and blocking are read from the user records on every request).

### Modes (\`AUTH_MODE\`)

- \`required\` (the default when \`NODE_ENV=production\`): every operation but the public ones needs a
  valid token (401 without one), and every caller is held to the audience.
- \`optional\` (the default otherwise): the interface's own mode. A request without a token is let
  through where the interface lets it: every operation whose "token needed in optional mode" below
  says no. An invalid token is 401 in both modes. A caller who presents a valid token is held to the
  audience exactly as in \`required\`.
- **An account without membership** (a valid token whose identity has no unblocked user record in
  the organization concerned) is never treated like an anonymous caller: in either mode it reaches
  the public operations and its own data (\`self\`) only. Member and platform operations are FORBIDDEN.

### The organization a call concerns

It is resolved in one place (\`src/access/organization.ts\`) before the check: the operation's
\`organizationOf\` (the record its input names: \`id\`, \`admissionId\`, \`idpTeamId\`, \`patientId\` ...),
else \`organizationId\` of the input.

- **Named** (the input's \`organizationId\`) and the caller is not a member there: **FORBIDDEN** (403).
- **Found from a record** the input names, and the caller is not a member there: **NOT_FOUND** (404),
  so that another organization's records are not shown to exist.
- A member operation that concerns no organization is FORBIDDEN, unless it spans organizations: then
  it answers the caller's own organizations only (platform admins: all).
`;

function audienceOf(op: Operation): string {
  const audience = op.audience;
  switch (audience.kind) {
    case 'public':
    case 'platform':
      return audience.kind;
    case 'member':
      return audience.spansOrganizations ? 'member (spans organizations)' : 'member';
    case 'self':
      return audience.owner ? 'self' : 'self (any signed-in account, for itself)';
  }
}

function rolesOf(op: Operation): string {
  if (op.audience.kind === 'public') return 'everyone';
  if (op.audience.kind === 'platform') return 'platform_admin';
  if (op.audience.kind === 'self' && !op.audience.owner) return 'any signed-in account';
  const roles = [...op.roles];
  const staff = roles.length ? roles.join(', ') : '(no role)';
  return op.audience.kind === 'self' ? `the owner; ${staff}` : staff;
}

function tokenNeeded(op: Operation): string {
  if (op.audience.kind === 'public') return 'no';
  return op.tokenRequired ? 'yes' : 'no';
}

function namespaceTable(namespace: string, ops: Operation[]): string {
  const rows = ops
    .sort((x, y) => x.name.localeCompare(y.name))
    .map((op) => `| ${op.name} | ${audienceOf(op)} | ${rolesOf(op)} | ${tokenNeeded(op)} | ${op.readsPatientData ? 'yes' : ''} |`);
  return [`### ${namespace}`, '', '| operation | audience | roles | token needed in optional mode | reads patient data |', '|---|---|---|---|---|', ...rows].join('\n');
}

function roleTable(): string {
  const rows = Object.entries(GRANTS).map(([role, patterns]) => `| ${role} | ${patterns.length ? patterns.map((p) => `\`${p}\``).join(' ') : '(none: its own records only, as `self`)'} |`);
  return [
    '## The role table',
    '',
    'From `src/access/grants.ts`, the only place roles are given to operations. Patterns: `*` every',
    'operation; `ns.*` every operation of a namespace; `ns:read` / `ns:write` its reading / writing',
    'operations; `ns.name` one operation; a leading `!` takes away what the patterns before it gave.',
    '`platform_admin` passes every check and has no row.',
    '',
    '| role | operations |',
    '|---|---|',
    ...rows,
  ].join('\n');
}

/** The generated part of docs/access.md, markers included. */
export function renderGenerated(operations: Operation[] = new Registry(allOperations).all()): string {
  const byNamespace = new Map<string, Operation[]>();
  for (const op of operations) byNamespace.set(op.namespace, [...(byNamespace.get(op.namespace) ?? []), op]);
  const tables = [...byNamespace.keys()].sort().map((ns) => namespaceTable(ns, byNamespace.get(ns)!));
  return [START, '', PROSE, '## Operations', '', tables.join('\n\n'), '', roleTable(), '', END].join('\n');
}

const NEW_DOC = (generated: string) => `# Access control

${generated}

<!-- Sections written by hand follow: onboarding, the patient link, the read log. -->
`;

/** The document with its generated part rendered anew and everything else kept. */
export function renderDoc(current: string | null, generated: string = renderGenerated()): string {
  if (current === null) return NEW_DOC(generated);
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/access.md has no ${START} ... ${END} markers`);
  return current.slice(0, start) + generated + current.slice(end + END.length);
}

export function readDoc(): string | null {
  try {
    return readFileSync(DOC_PATH, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

if (import.meta.main) writeFileSync(DOC_PATH, renderDoc(readDoc()));
