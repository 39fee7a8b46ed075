// Fills explore with approved works through the API, as people would: a user generates images
// (the built-in CPU engine draws them), publishes each, and an admin approves them. Run against
// a server started with ADMIN_EMAILS=admin@bench.test and its development mailbox, e.g.
//   PORT=8391 DATA_DIR=$(mktemp -d) ADMIN_EMAILS=admin@bench.test npm start
//   node bench/web/seed-explore.mjs http://127.0.0.1:8391 12
const baseUrl = process.argv[2] ?? 'http://127.0.0.1:8391';
const count = Number(process.argv[3] ?? 12);

async function call(method, path, { ticket, body } = {}) {
  const answer = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(ticket ? { authorization: `Bearer ${ticket}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await answer.json();
  if (json.code !== undefined && json.code !== 0) {
    throw new Error(`${method} ${path}: ${json.code} ${json.msg ?? json.message ?? ''}`);
  }
  return json;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function signIn(email) {
  await call('POST', '/prod-api/user/captcha', {
    body: { method: 'email', email, purpose: 'login' },
  });
  for (let i = 0; i < 50; i += 1) {
    const { messages } = await call('GET', `/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
    const code = /\b(\d{6})\b/.exec(`${messages[0]?.subject} ${messages[0]?.text}`)?.[1];
    if (code) {
      const login = await call('POST', '/prod-api/user/login', {
        body: { loginType: 'email', email, captcha: code, max_age: 3600 },
      });
      return login.result.ticket;
    }
    await sleep(100);
  }
  throw new Error(`no sign-in code arrived for ${email}`);
}

const subjects = [
  'a lighthouse at dawn over a calm sea',
  'a red fox in fresh snow',
  'a city street in the rain at night',
  'a bowl of ripe oranges on a wooden table',
  'mountains above a sea of clouds',
  'a hot air balloon over green fields',
  'a koi pond with lotus flowers',
  'a desert road under a starry sky',
];
const ratios = ['3:4', '1:1', '4:3', '9:16', '2:3'];

const creator = await signIn(`creator-${Date.now()}@bench.test`);
const admin = await signIn('admin@bench.test');
// One at a time: a user may only run a few tasks at once.
for (let i = 0; i < count; i += 1) {
  const submitted = await call('POST', '/api/gw/v3/image/txt2img/async', {
    ticket: creator,
    body: {
      prompt: subjects[i % subjects.length],
      params: { batch_size: 1, wh_ratio: ratios[i % ratios.length] },
    },
  });
  const taskId = submitted.result.task_id;
  for (;;) {
    const { result } = await call(
      'GET',
      `/api/gw/v3/image/txt2img/async/results?task_id=${taskId}`,
      { ticket: creator },
    );
    if (result.status === 'done') break;
    if (result.status !== 'queued' && result.status !== 'generating') {
      throw new Error(`task ${taskId} ended ${result.status}`);
    }
    await sleep(200);
  }
  const published = await call('POST', '/prod-api/content/works', {
    ticket: creator,
    body: { task_id: taskId, output_index: 0, title: subjects[i % subjects.length] },
  });
  await call('POST', `/prod-api/admin/works/${published.result.work_id}/approve`, {
    ticket: admin,
  });
}
console.log(`published and approved ${count} works`);
