// Shared with the browser: the account forms' zod-free checks and messages (issue 23). The zod
// schemas (./account-forms) are the server's; a page's component imports this file instead.
export {
  checkForgotPassword,
  checkResetPassword,
  checkSignIn,
  checkSignUp,
  type FormCheck,
  MESSAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from "#server/modules/accounts/shared.ts";
