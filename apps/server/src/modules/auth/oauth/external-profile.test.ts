import { describe, expect, it } from 'vitest';
import { identityFromProfile } from './external-profile';

describe('identityFromProfile', () => {
  it('reads a Discord user, building the avatar from its hash', () => {
    const discordUser = {
      id: '80351110224678912',
      username: 'nelly',
      global_name: null,
      avatar: '8342729096ea3675442027381ff50dfe',
      verified: true,
      email: 'nelly@discord.test',
    };

    expect(identityFromProfile('discord', discordUser)).toEqual({
      provider: 'discord',
      subject: '80351110224678912',
      email: 'nelly@discord.test',
      emailVerified: true,
      name: 'nelly',
      avatar:
        'https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png',
    });
  });

  it('reads a Facebook user without trusting its address as verified', () => {
    const facebookUser = {
      id: '10158',
      name: 'Fay Book',
      email: 'fay@fb.test',
      picture: {
        data: { url: 'https://platform-lookaside.fbsbx.com/p.jpg', is_silhouette: false },
      },
    };

    expect(identityFromProfile('facebook', facebookUser)).toMatchObject({
      subject: '10158',
      name: 'Fay Book',
      emailVerified: false,
      avatar: 'https://platform-lookaside.fbsbx.com/p.jpg',
    });
  });

  it('takes Apple\'s string "true" as verified and an unverified Discord address as not', () => {
    const apple = identityFromProfile('apple', {
      sub: 'a.1',
      email: 'x@icloud.test',
      email_verified: 'true',
    });
    const discord = identityFromProfile('discord', { id: '1', email: 'y@d.test', verified: false });

    expect(apple.emailVerified).toBe(true);
    expect(discord.emailVerified).toBe(false);
  });

  it('keeps only web addresses as avatars', () => {
    const profile = { sub: 's', picture: 'javascript:alert(1)' };

    expect(identityFromProfile('google', profile).avatar).toBeUndefined();
  });

  it('refuses an answer without a user id', () => {
    expect(() => identityFromProfile('google', { email: 'no-id@test' })).toThrow();
  });
});
