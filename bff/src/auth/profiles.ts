import type { ExternalProfile } from '../users/repository';

export class ProfileError extends Error {}

const TIMEOUT_MS = 10_000;

async function getJson(
  url: string,
  accessToken: string,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...headers },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new ProfileError(`${new URL(url).host} answered ${res.status}`);
  return res.json();
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

const GITHUB_HEADERS = {
  accept: 'application/vnd.github+json',
  'user-agent': 'buergerfit',
  'x-github-api-version': '2022-11-28',
};

/** GitHub: `/user` for the account, `/user/emails` for a verified address (primary first). */
export async function githubProfile(
  accessToken: string,
  apiUrl = 'https://api.github.com',
): Promise<ExternalProfile> {
  const user = (await getJson(`${apiUrl}/user`, accessToken, GITHUB_HEADERS)) as Record<string, unknown>;
  if (typeof user.id !== 'number' && typeof user.id !== 'string')
    throw new ProfileError('GitHub user has no id');
  let email: string | null = null;
  let emailVerified = false;
  try {
    const emails = (await getJson(`${apiUrl}/user/emails`, accessToken, GITHUB_HEADERS)) as {
      email?: unknown;
      primary?: unknown;
      verified?: unknown;
    }[];
    const verified = Array.isArray(emails) ? emails.filter((e) => e.verified === true && str(e.email)) : [];
    const pick = verified.find((e) => e.primary === true) ?? verified[0];
    if (pick) {
      email = str(pick.email);
      emailVerified = true;
    }
  } catch {
    // No user:email scope granted: carry on without a verified email (no linking).
  }
  if (!email) email = str(user.email);
  return {
    provider: 'github',
    subject: String(user.id),
    username: str(user.login) ?? str(user.name) ?? `github-${user.id}`,
    email,
    emailVerified,
    avatarUrl: str(user.avatar_url),
  };
}

/**
 * OpenID Connect (Google and the local provider): the userinfo endpoint, cross-checked against the
 * id_token's subject when there is one.
 */
export async function oidcProfile(
  provider: string,
  userinfoUrl: string,
  accessToken: string,
  idTokenSubject?: string,
): Promise<ExternalProfile> {
  const info = (await getJson(userinfoUrl, accessToken)) as Record<string, unknown>;
  const sub = str(info.sub);
  if (!sub) throw new ProfileError('userinfo has no subject');
  if (idTokenSubject && idTokenSubject !== sub) throw new ProfileError('userinfo and id_token disagree');
  const email = str(info.email);
  return {
    provider,
    subject: sub,
    username: str(info.preferred_username) ?? str(info.name) ?? email?.split('@')[0] ?? `${provider}-user`,
    email,
    emailVerified: info.email_verified === true || info.email_verified === 'true',
    avatarUrl: str(info.picture),
  };
}
