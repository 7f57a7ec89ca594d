import { spawn } from 'node:child_process';

/** Runs a command to completion; on failure the error carries the command's last output lines. */
export function run(
  command: string,
  args: string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv; inherit?: boolean },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: opts.inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      // Our own programs end with one `error: …` line that says it all.
      const last = output.trim().split('\n').pop() ?? '';
      if (last.startsWith('error: ')) return reject(new Error(last.slice('error: '.length)));
      reject(
        new Error(
          `${[command, ...args].join(' ')} failed (${signal ?? `exit ${code}`})\n${output.trim()}`,
        ),
      );
    });
  });
}
