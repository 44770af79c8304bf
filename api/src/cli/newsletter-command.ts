import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadCliConfig } from '../config/cli-config';
import { campaignSchema, type CampaignView } from '../domain/newsletter/newsletter-schema';
import { JobProducer } from '../jobs/job-producer';
import { CampaignService } from '../newsletter/campaign-service';
import { connectMongo, disconnectMongo } from '../platform/mongo';
import { createRedis } from '../platform/redis';
import { redisTarget } from '../config/redis-target';
import { progressLine } from './progress-bar';

const USAGE = `Newsletter campaigns, from the command line.

  npm run newsletter -- send --subject "Spring tips" --file spring.md [--format markdown|html]
  npm run newsletter -- create --subject "..." --file body.html --format html   (a draft)
  npm run newsletter -- start <id>        send a draft
  npm run newsletter -- status <id>       where a campaign stands (--watch: until it ends)
  npm run newsletter -- pause <id>
  npm run newsletter -- resume <id>
  npm run newsletter -- list

It uses MONGO_URL and REDIS_URL (or REDIS_SENTINELS), or the local services of a running \`npm start\`.
The workers do the sending: they must be running (npm start runs them).`;

const say = (line: string) => process.stdout.write(`${line}\n`);
const ENDED = new Set(['sent', 'paused', 'cancelled', 'draft']);

/** Redraws the progress bar until the campaign ends, warning when nothing moves for a while. */
async function watch(campaigns: CampaignService, id: string): Promise<CampaignView> {
  const tty = process.stdout.isTTY;
  let view = await campaigns.get(id);
  let lastLine = '';
  let lastMove = Date.now();
  let warned = false;
  for (;;) {
    const line = progressLine(view);
    if (line !== lastLine) {
      lastMove = Date.now();
      warned = false;
      if (tty) process.stdout.write(`\r\x1b[2K${line}`);
      else say(line);
      lastLine = line;
    } else if (!warned && Date.now() - lastMove > 15_000) {
      warned = true;
      if (tty) process.stdout.write('\n');
      say('No progress for 15 s: are the workers running? (npm start runs them)');
    }
    if (ENDED.has(view.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
    view = await campaigns.get(id);
  }
  if (tty) process.stdout.write('\n');
  return view;
}

function readCampaign(values: { subject?: string; file?: string; format?: string }) {
  if (!values.file) throw new Error('--file is required: the Markdown or HTML body of the email');
  const parsed = campaignSchema.safeParse({
    subject: values.subject,
    format: values.format ?? (values.file.endsWith('.html') ? 'html' : 'markdown'),
    body: readFileSync(values.file, 'utf8'),
  });
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join(' '));
  return parsed.data;
}

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      subject: { type: 'string' },
      file: { type: 'string' },
      format: { type: 'string' },
      watch: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, id = ''] = positionals;
  if (!command || values.help) {
    say(USAGE);
    return command ? 0 : 1;
  }
  const config = loadCliConfig();
  say(`connecting to MongoDB and Redis...`);
  await connectMongo({
    url: config.MONGO_URL,
    dbName: config.MONGO_DB,
    autoIndex: config.MONGO_AUTO_INDEX,
  });
  const redis = createRedis(redisTarget(config), { blocking: true });
  const jobs = new JobProducer(redis, config.QUEUE_PREFIX);
  const campaigns = new CampaignService({ jobs });
  try {
    switch (command) {
      case 'send':
      case 'create': {
        const draft = await campaigns.create(readCampaign(values), 'command line');
        say(`campaign ${draft.id} created: "${draft.subject}"`);
        if (command === 'create') return 0;
        await campaigns.start(draft.id);
        say('sending...');
        const done = await watch(campaigns, draft.id);
        return done.status === 'sent' ? 0 : 1;
      }
      case 'start':
        await campaigns.start(id);
        return (await watch(campaigns, id)).status === 'sent' ? 0 : 1;
      case 'status': {
        if (values.watch) await watch(campaigns, id);
        else say(progressLine(await campaigns.get(id)));
        return 0;
      }
      case 'pause':
        say(progressLine(await campaigns.pause(id)));
        return 0;
      case 'resume':
        await campaigns.resume(id);
        return (await watch(campaigns, id)).status === 'sent' ? 0 : 1;
      case 'list':
        for (const view of await campaigns.list())
          say(`${view.id}  ${view.subject}\n  ${progressLine(view)}`);
        return 0;
      default:
        say(`unknown command "${command}"\n\n${USAGE}`);
        return 1;
    }
  } finally {
    await jobs.close();
    redis.disconnect();
    await disconnectMongo();
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`newsletter: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
