// Readiness that means something (decision 121): a check that has not answered within its
// deadline counts as failed, so a hung database or gateway makes the server not ready instead
// of making the probe hang.

export class ProbeTimeout extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/** `check`'s answer, or a `ProbeTimeout` past `ms` (the check itself is left to finish). */
export async function withDeadline<T>(check: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout(ms)), ms);
  });
  try {
    return await Promise.race([check(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
