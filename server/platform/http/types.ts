/** What the session guard puts on the context of every customer route. */
export interface SignedInCustomer {
  userId: string;
  /** The account's e-mail: the only key used to reach the customer's records (a person's: the account they joined). */
  email: string;
  /** The signed-in person's own sign-in e-mail (the owner's is the account's). */
  personEmail: string;
  /** What the person may do on the account (decision 244): the owner everything, view_only nothing. */
  role: 'owner' | 'approve_and_pay' | 'view_only';
  name: string;
  locale: string;
  /** The session's id and how Better Auth made it (session.sign_in_method; null for older sessions): the signature's evidence. */
  sessionId: string;
  signInMethod: string | null;
}

export interface AppEnv {
  Variables: { customer: SignedInCustomer };
}
