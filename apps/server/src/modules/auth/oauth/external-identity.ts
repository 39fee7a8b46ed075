/** Who a sign-in provider says the user is, after the provider's answer was verified. */
export type ExternalProvider = 'google' | 'discord' | 'apple' | 'facebook' | 'lenovo';

export type ExternalIdentity = {
  provider: ExternalProvider;
  /** The provider's stable id for the user (`sub`, Discord id, partner uid). */
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  avatar: string | undefined;
};

/** What the web app needs to open a provider's sign-in pop-up. */
export type PublicProvider = {
  provider: 'google' | 'discord' | 'apple' | 'facebook';
  client_id: string;
  authorize_url: string;
  scope: string;
  response_type: 'code' | 'id_token';
};
