/** Signs in through the BFF as the browser's form does and returns the sealed session cookies. */
export async function signInThroughBff(bffUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${bffUrl}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-panel-request': '1' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in through the BFF answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}
