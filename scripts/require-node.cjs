// Stops a command on a Node.js older than the portal's in one line: the version found, the one needed, how to get it.
// CommonJS on purpose: it has to run on the old Node it refuses, before anything written in TypeScript.
const needed = 24;
const found = process.versions.node;
if (Number(found.split('.')[0]) < needed) {
  const howTo =
    'mkdir ~/node24 && cd ~/node24 && npm init -y >/dev/null && npm i node@24 && export PATH=$PWD/node_modules/.bin:$PATH';
  console.error(
    `The portal needs Node.js ${needed} or newer and found ${found}: get it as the README says (${howTo}), then run this again.`,
  );
  process.exit(1);
}
