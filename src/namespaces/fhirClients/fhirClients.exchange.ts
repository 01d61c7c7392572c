import { loadCaller } from '../../caller/caller.ts';
import { MAX_SCOPES, parseScopes, scopeWords } from '../../caller/smart-scopes.ts';
import { SMART_TOKEN_TTL_SECONDS, tokenService } from '../../caller/tokens.ts';
import { OAuthError, type TokenAnswer, type TokenDeps, type TokenRequest } from './fhirClients.token.ts';

/**
 * The token exchange of apps acting for a person (RFC 8693; docs/fhir.md, "Apps acting for a
 * person"): a user's own access token of this service in, a short-lived token narrowed to SMART
 * `user/` or `patient/` read scopes out, good for the FHIR reads they cover only.
 */

export const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
const MAX_SUBJECT_TOKEN_LENGTH = 16_384;

export interface ExchangeAnswer extends TokenAnswer {
  issued_token_type: typeof ACCESS_TOKEN_TYPE;
  /** the patient record the token acts for (patient/ scopes), as SMART's launch context names it */
  patient?: string;
}

const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);

/** Checks the request and the subject token and issues the narrowed token. */
export async function exchangeToken(deps: TokenDeps, request: TokenRequest): Promise<ExchangeAnswer> {
  const { subject_token: subjectToken, subject_token_type: subjectType, scope } = request;
  if (subjectType !== ACCESS_TOKEN_TYPE) throw new OAuthError('invalid_request', `subject_token_type must be ${ACCESS_TOKEN_TYPE}`);
  if (!subjectToken || subjectToken.length > MAX_SUBJECT_TOKEN_LENGTH) throw new OAuthError('invalid_request', 'subject_token (the user\'s access token) is required');
  if (scope === undefined || scope.trim() === '') throw new OAuthError('invalid_request', 'scope is required, e.g. patient/*.rs or user/Patient.read');
  const context = contextOf(scope);

  const tokens = tokenService(deps.config);
  const subject = await tokens.verifyIssued(subjectToken);
  if (!subject) throw invalidGrant('subject_token is invalid, expired or not a token of this service');
  // A narrowed token is never exchanged again: its scopes could only be widened.
  if (subject.client || subject.smart) throw invalidGrant('subject_token must be the user\'s own access token, not a token already narrowed to scopes or a backend client\'s');
  const caller = await loadCaller(deps.database.db, subject.subject);
  if (caller.kind !== 'user' || subject.version < caller.tokenVersion) throw invalidGrant('subject_token was issued before the password was last set');
  const ttl = Math.min(SMART_TOKEN_TTL_SECONDS, Math.floor((subject.expiresAtMs - deps.now()) / 1000));
  if (ttl <= 0) throw invalidGrant('subject_token is about to expire');

  const granted = scopeWords(scope).join(' ');
  const patient = context === 'patient' ? await patientOf(deps, subject.subject, request.patient) : undefined;
  const issued = await tokens.issueSmart(subject.subject, subject.version, patient ? { scope: granted, patient } : { scope: granted }, ttl);
  return {
    access_token: issued.accessToken,
    token_type: 'bearer',
    issued_token_type: ACCESS_TOKEN_TYPE,
    expires_in: issued.expiresIn,
    scope: granted,
    ...(patient ? { patient } : {}),
  };
}

/** The one context of the scopes asked, user or patient; invalid_scope for system/ scopes, a mix, a write or an unknown scope. */
function contextOf(scope: string): 'user' | 'patient' {
  const words = scopeWords(scope);
  if (words.length > MAX_SCOPES) throw new OAuthError('invalid_scope', `at most ${MAX_SCOPES} scopes`);
  const asked = parseScopes(words.join(' '));
  if (!asked) throw new OAuthError('invalid_scope', 'only read scopes are served: patient/*.rs, patient/Appointment.read, user/Patient.read ...');
  const contexts = new Set(asked.map((parsed) => parsed.context));
  if (contexts.has('system')) throw new OAuthError('invalid_scope', 'system/ scopes are backend clients\' (grant_type=client_credentials)');
  if (contexts.size > 1) throw new OAuthError('invalid_scope', 'ask for user/ or patient/ scopes, not both in one token');
  return contexts.has('patient') ? 'patient' : 'user';
}

/**
 * The patient record patient/ scopes act for: the one linked to the account, or the one `patient`
 * names among those linked; invalid_scope for an account linked to none (staff: user/ scopes) or,
 * without `patient`, to several.
 */
async function patientOf(deps: TokenDeps, idpUserId: string, named: string | undefined): Promise<string> {
  const linked = deps.database.db.selectFrom('patients').select('id').where('idpUserId', '=', idpUserId);
  if (named !== undefined) {
    if (!(await linked.where('id', '=', named).executeTakeFirst())) throw new OAuthError('invalid_scope', 'patient names no patient record linked to this account');
    return named;
  }
  const ids = (await linked.limit(2).execute()).map((row) => row.id);
  if (ids.length === 0) throw new OAuthError('invalid_scope', 'patient/ scopes need a patient context: this account is linked to no patient record (staff ask for user/ scopes)');
  if (ids.length > 1) throw new OAuthError('invalid_scope', 'this account is linked to several patient records: name one with patient=<id>');
  return ids[0]!;
}
