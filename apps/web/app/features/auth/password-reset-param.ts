/** `/login?password_reset=1`: where a successful password reset sends the browser, to show its confirmation. */
export const PASSWORD_RESET_PARAM = "password_reset";
