import type { Operation } from '../../operations/operation.ts';
import { forgotPassword } from './forgotPassword.ts';
import { login } from './login.ts';
import { me } from './me.ts';
import { resetPassword } from './resetPassword.ts';
import { sendOtp } from './sendOtp.ts';
import { signUp } from './signUp.ts';
import { socialSignUp } from './socialSignUp.ts';
import { socialSignUpCallback } from './socialSignUpCallback.ts';
import { verifyOtp } from './verifyOtp.ts';

export const operations: Operation[] = [
  forgotPassword,
  socialSignUp,
  socialSignUpCallback,
  login,
  me,
  resetPassword,
  sendOtp,
  signUp,
  verifyOtp,
];
