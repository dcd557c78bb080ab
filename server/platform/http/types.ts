/** What the session guard puts on the context of every customer route. */
export interface SignedInCustomer {
  userId: string;
  /** The account's e-mail: the only key used to reach the customer's records. */
  email: string;
  name: string;
  locale: string;
}

export interface AppEnv {
  Variables: { customer: SignedInCustomer };
}
