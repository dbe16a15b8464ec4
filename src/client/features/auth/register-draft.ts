/**
 * What was typed on sign-up, kept in this page's memory only (never in storage: it holds the
 * password), so "change email" on the code page goes back to the form as it was.
 */
export type RegisterForm = {
  name: string;
  email: string;
  phone: string;
  password: string;
  adult?: boolean | null;
  parentEmail?: string;
  whatsapp?: boolean;
};

let kept: RegisterForm | null = null;

export function keepRegisterForm(form: RegisterForm): void {
  kept = { ...form };
}

export function keptRegisterForm(): RegisterForm | null {
  return kept;
}
