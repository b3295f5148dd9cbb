/**
 * What `promise` settles with, or a failure once `seconds` have passed: a request that hangs fails its test
 * instead of stalling it. The bound is far above a normal answer; it catches a hang, it times nothing.
 */
export function beforeDeadline<T>(promise: Promise<T>, seconds = 10): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${seconds} s`)), seconds * 1_000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
