// Loaded into the timed import by bench/import-rate.ts (`node --import`): prints the CPU time of the
// process's main thread when it exits. The import parses in a worker thread, so the process's CPU
// counts both threads; on SQLite, whose writes run on the main thread, the main thread's CPU is
// what bounds the rate.

process.on('exit', () => {
  const { user, system } = process.threadCpuUsage();
  process.stderr.write(`main-thread cpu ${((user + system) / 1e6).toFixed(2)}\n`);
});
