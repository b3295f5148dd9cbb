/** "Remember me": the e-mail address the sign-in form starts with next time. */
const KEY = 'remembered-email';

export function rememberedEmail(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberEmail(email: string) {
  try {
    localStorage.setItem(KEY, email);
  } catch {
    // Blocked storage: nothing to remember with.
  }
}

export function forgetEmail() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Blocked storage: nothing was remembered.
  }
}
