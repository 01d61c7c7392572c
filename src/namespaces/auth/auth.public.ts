/** What other namespaces use of auth; they import it from here only. */
export { consumeCode } from './auth.codes.ts';
export { mobileFields, normalizedEmail, normalizeMobileNumber, otpCode, phoneNumber, withNormalizedMobile } from './auth.fields.ts';
export { codeRequests, LIMITS, perAddress, perIdentifier, signInFailures } from './auth.limits.ts';
export { checkOtp, issueOtp, type OtpTarget } from './auth.otp.ts';
export { otpSentResult } from './auth.results.ts';
