import { emailSchema, passwordSchema, usernameSchema } from '@lumen/contracts/auth';

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreeTerms: boolean;
}

export type RegisterErrors = Partial<Record<keyof RegisterValues, string>>;

export const emptyRegisterValues: RegisterValues = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  agreeTerms: false,
};

/**
 * Spec §5 account rules, checked with the same schemas the server applies. Answers i18n keys
 * so the form can show them in the interface language.
 */
export function validateRegister(values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!usernameSchema.safeParse(values.username).success)
    errors.username = 'register.errors.username';
  if (values.email.trim() && !emailSchema.safeParse(values.email).success)
    errors.email = 'login.invalidEmail';
  if (!passwordSchema.safeParse(values.password).success)
    errors.password = 'register.errors.password';
  if (values.confirmPassword !== values.password || !values.confirmPassword) {
    errors.confirmPassword = 'register.errors.confirm';
  }
  if (!values.agreeTerms) errors.agreeTerms = 'register.errors.terms';
  return errors;
}
