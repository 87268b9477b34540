/**
 * English labelled transcripts for the offline signal detector, in the format parsed by
 * `parseLabeledTranscripts` (see labeled-set.ts): "# id | turn type[/source]; …" then one
 * line per message ("U:", "A:", "T:", "T!:" for a failed tool, "T(Read):" for a named tool).
 */
export const ENGLISH_LABELED_TRANSCRIPTS = `
# en-reject-not-what-asked | 2 reject
U: Add pagination to the /users endpoint.
A: I added infinite scroll to the users page component.
U: That's not what I asked for. I need server-side pagination on the API.
# en-reject-still-failing | 2 reject
U: Fix the flaky login test.
A: I added a retry around the login helper; the test should pass now.
U: It's still failing on CI with the same timeout.
# en-reject-revert | 2 reject
U: Can you clean up the imports in src/app.ts?
A: Done — I also converted the file to use default exports everywhere.
U: Please revert that, other modules import the named exports.
# en-reject-broke | 2 reject
U: Upgrade eslint to v9.
A: Upgraded eslint and migrated the config to eslint.config.js.
U: You broke the lint script, npm run lint exits immediately now.
# en-reject-didnt-help | 2 reject
U: The dev server on port 5173 won't start.
A: Try clearing the Vite cache with rm -rf node_modules/.vite.
U: Didn't help, same thing.
# en-reject-no | 2 reject
U: Generate a migration that adds an index on orders.created_at.
A: Here's a migration that drops and recreates the orders table with the index.
U: No. Dropping the table would wipe production data.
# en-reject-worse | 2 reject
U: The page takes 4 seconds to load, can you speed up the query?
A: I added eager loading for all relations.
U: Now it takes 9 seconds, you made it worse.
# en-reject-i-said | 2 reject
U: Use the existing Logger class for the new service.
A: I created a new winston logger in services/payments.ts.
U: I said use the existing Logger class.
# en-reject-implicit-restate | 2 reject
U: Add a --verbose flag to the CLI that prints each file as it is processed.
A: I added a --debug option that dumps the full config at startup.
U: I need a --verbose flag on the CLI that prints every file it processes.
# en-reject-implicit-again | 2 reject
U: Write a script that backs up the postgres database to S3 every night.
A: Here's a cron entry that runs pg_dump locally and keeps the last seven dumps in /var/backups.
U: Again, the script should back up the postgres database to S3 every night.
# en-reject-nope-same-error | 2 reject
U: The Stripe webhook returns 400.
A: I switched the body parser to express.raw for the webhook route.
U: Nope, same error in the Stripe dashboard.
# en-reject-breaks-layout | 2 reject
U: Make the navbar collapse into a hamburger on small screens.
A: Added a media query at 768px that hides the links and shows a menu button.
U: This breaks the layout on tablets, the logo overlaps the menu.
# en-reject-works-on-my-machine | 2 reject
U: The app crashes on startup in Docker.
A: I pinned the node image to 20-alpine.
U: It works on my machine but still crashes in the container.
# en-exec-missing-module | 2 reject/exec; 5 success/exec
U: Run the server.
A: Starting it with node server.js.
T!: node:internal/modules/cjs/loader:1080
  throw err;
Error: Cannot find module 'express'
Require stack:
- /app/server.js
A: express is missing; installing it.
T: added 64 packages, and audited 65 packages in 3s
T: Server listening on http://localhost:3000
# en-exec-npm-to-pnpm | 1 reject/exec; 3 success/exec
U: Install the dependencies.
T: npm ERR! code ERESOLVE
npm ERR! ERESOLVE unable to resolve dependency tree
A: npm can't resolve the peer dependency tree; the repo has a pnpm-lock.yaml, so I'll use pnpm.
T: Packages: +312
Progress: resolved 312, reused 290, downloaded 22, added 312, done
# en-exec-pytest | 1 reject/exec; 4 success/exec
U: Run the tests.
T: ============ 2 failed, 14 passed in 3.21s ============
A: Two tests in test_parser.py point at a fixture path that moved. Updating conftest.py.
T(Edit): The file tests/conftest.py has been updated.
T: ============ 16 passed in 3.02s ============
# en-exec-port-in-use | 1 reject/exec; 3 success/exec; 4 success
U: Start the dev server.
T!: Error: listen EADDRINUSE: address already in use :::3000
A: Port 3000 is taken by another process; starting on 3001 instead.
T: ready - started server on 0.0.0.0:3001
U: Works now, thanks.
# en-exec-git-push | 1 reject/exec; 3 constraint
U: Push the branch.
T!: To github.com:acme/api.git
 ! [rejected]        main -> main (non-fast-forward)
error: failed to push some refs
A: The remote has new commits. Want me to rebase onto origin/main before pushing?
U: Yes, rebase, but don't force push.
# en-exec-tsc | 2 reject/exec; 4 success/exec
U: Add types to the config loader.
A: Added a Config interface.
T: src/config.ts(14,5): error TS2322: Type 'string' is not assignable to type 'number'.
A: timeout is parsed as a string; converting it with Number().
T: Found 0 errors. Watching for file changes.
# en-exec-playwright | 1 reject/exec; 4 success/exec
U: Run the e2e tests.
T!: Error: browserType.launch: Executable doesn't exist at /ms-playwright/chromium-1105/chrome-linux/chrome
A: Playwright browsers are missing; installing them.
T: Chromium 121.0.6167.57 downloaded to /ms-playwright/chromium-1105
T:   12 passed (41.2s)
# en-negative-exec-clean
U: Check the types.
T: Found 0 errors. Watching for file changes.
A: Typecheck is clean.
# en-negative-read-tool-content
U: Where do we handle errors in the API?
T(Read): export function handle(err: Error) {
  logger.error('Error: request failed', err)
  throw new TypeError('bad input')
}
A: Errors are handled in src/api/errors.ts.
# en-negative-zero-failed | 3 success
U: Run the unit tests.
T: Tests:       0 failed, 148 passed, 148 total
Time:        6.2 s
A: All 148 tests pass.
U: Nice.
# en-negative-edit-mentions-error
U: Add error handling to the fetch wrapper.
A: Wrapped fetch in try/catch and added an ApiError class.
T(Edit): The file src/api/fetch.ts has been updated. Added class ApiError extends Error
T: ✓ src/api/fetch.test.ts (6 tests) 12ms
 Test Files  1 passed (1)
# en-correction-not-this-file | 2 correction
U: Change the default port to 8080.
A: Updated the port in config.json.
U: Not config.json, it's config.yaml at the repo root.
# en-correction-no-use | 2 correction
U: Add lodash to the project.
A: Running npm install lodash.
U: No, use pnpm add — this repo uses pnpm.
# en-correction-instead | 2 correction
U: Mock the HTTP calls in the weather tests.
A: I added jest.mock('axios') to the test file.
U: We don't use jest here. Use vi.mock from vitest instead.
# en-correction-i-meant | 2 correction
U: Bump the version.
A: Bumped the version to 2.0.0 in package.json.
U: I meant a patch bump, 1.4.3.
# en-correction-should-be | 2 correction
U: Set up the Redis connection.
A: Connected to redis://localhost:6379/0.
U: The host should be redis-cache, not localhost.
# en-correction-wrong-branch | 2 correction
U: Open a PR for the fix.
A: Opened PR #42 against develop.
U: Wrong branch — it should target main.
# en-correction-actually | 2 correction
U: Where is the rate limiter configured?
A: It's configured in src/middleware/rateLimit.ts.
U: Actually it's set in the nginx config, not in the app.
# en-correction-change-back | 2 correction
U: Make the API timeout configurable.
A: Added API_TIMEOUT env var with a default of 5s.
U: Change it back to 30s by default, 5s breaks the report export.
# en-correction-question-form | 2 correction
U: Add caching to the product API.
A: I'll cache responses in Redis for 5 minutes.
U: Can't we use the in-memory LRU cache instead?
# en-constraint-must-not | 2 constraint
U: Write a deploy script for the staging box.
A: Here's deploy.sh; it runs the containers with sudo docker compose up.
U: And it must not run as root, the staging box has no sudo for CI.
# en-constraint-no-new-deps | 0 constraint
U: Parse the CSV export without adding any new dependencies.
A: I'll write a small parser with node:readline.
# en-constraint-dont-touch | 0 constraint
U: Refactor the billing module into smaller functions. Don't touch the public API of BillingService.
A: Plan: split calculateInvoice into three helpers.
# en-constraint-make-sure-never | 2 constraint
U: Add the created_at column.
A: Migration 0042 adds created_at as a nullable timestamp.
U: Make sure to never lock the table, it has 40M rows.
# en-constraint-only-stdlib | 0 constraint
U: Add retry logic to the HTTP client. Only use the standard library, the service ships as a single binary.
# en-constraint-compatible | 2 constraint
U: Rename the config key timeoutMs to timeout.
A: Renamed it across the codebase.
U: It has to stay backwards compatible, old configs with timeoutMs must keep working.
# en-constraint-tests-pass | 2 constraint
U: Refactor the date utils.
A: Refactored into three pure functions.
U: Make sure all the tests pass before you commit.
# en-success-that-fixed-it | 2 success
U: The jest tests time out on CI.
A: I raised testTimeout to 30s and closed the DB pool in afterAll.
U: That fixed it, thanks!
# en-success-perfect | 2 success
U: Make the table header sticky.
A: Added position: sticky and top: 0 to thead th.
U: Perfect.
# en-success-ci-green | 2 success
U: Fix the failing snapshot tests.
A: Updated the snapshots after checking the diffs were intended.
U: CI is green now, merging.
# en-success-lgtm | 2 success
U: Review my change to the auth middleware and simplify it if you can.
A: Simplified the token check into a single guard clause.
U: LGTM, ship it.
# en-success-thanks-only | 2 success
U: What's the command to run a single vitest file?
A: npx vitest run path/to/file.test.ts
U: Thanks!
# en-success-exactly | 2 success
U: Format the dates as ISO 8601 in the export.
A: Dates now serialize with toISOString(), e.g. 2024-03-01T12:00:00.000Z.
U: Exactly what I needed.
# en-success-great-follow-up | 2 success
U: Add a /healthz endpoint.
A: Added GET /healthz returning 200 {status: 'ok'}.
U: Great, now add a /readyz endpoint that checks the database.
# en-success-yep-worked | 2 success
U: The docker build can't find the .env file.
A: Added a COPY .env.example .env step to the Dockerfile.
U: Yep, that worked.
# en-confusion-why-delete | 2 confusion
U: Clean up the unused migrations.
A: Removed migrations 0001 to 0010.
U: Why did you delete 0003? It's still referenced by the seeding script.
# en-confusion-dont-understand | 2 confusion
U: Why is the build slow?
A: The tsconfig has incremental disabled and the paths plugin re-resolves every import.
U: I don't understand what the paths plugin has to do with it.
# en-confusion-what-mean | 2 confusion
U: Set up the GitHub Action for releases.
A: You'll need to add an NPM_TOKEN secret with automation scope.
U: What do you mean by automation scope?
# en-confusion-how-come | 2 confusion
U: Run the migrations.
T: Applied 0 migrations. Database is up to date.
U: How come it applied zero? I just added one.
# en-confusion-no-sense | 2 confusion
U: Why does the cron job run twice?
A: Because both the primary and the replica schedule it.
U: That doesn't make sense, the replica has cron disabled.
# en-confusion-and-reject | 2 confusion; 2 reject
U: Migrate the users table to uuid primary keys.
A: Done, the migration converts ids to uuid.
U: Why are all the foreign keys broken now? The orders table still points at integer ids.
# en-preference-i-prefer | 2 preference
U: Set up a test runner for this package.
A: I'll add jest with ts-jest.
U: I prefer vitest, it's what the other packages use.
# en-preference-from-now-on | 0 preference
U: From now on, always use named exports in new modules.
# en-preference-rather | 2 preference
U: Add a config loader.
A: Should I read the config from JSON or YAML?
U: I'd rather have TOML, we already use it for the CLI.
# en-preference-usually | 0 preference
U: I usually write commit messages in the conventional commits style, please follow that.
# en-preference-polite-request | 0 preference
U: Can you prefer pnpm over npm for installs in this repo?
# en-preference-we-use | 2 preference
U: Write tests for the parser.
A: I'll write them with mocha and chai.
U: We use vitest in this repo, with the expect API.
# en-preference-and-constraint | 2 preference; 2 constraint
U: Set up the monorepo tooling.
A: I'll use npm workspaces.
U: Always use pnpm, and never commit lockfile changes without asking me.
# en-self-check-mistake | 1 correction/self
U: Why are the totals off by one cent?
A: I made a mistake in the rounding helper: it rounds before summing. Fixing it to sum in cents first.
# en-self-check-after-lint-error | 1 reject/exec; 2 correction/self
U: Run the linter.
T!: src/index.ts:3:1 error 'fs' is defined but never used no-unused-vars
✖ 1 problem (1 error, 0 warnings)
A: Let me fix that unused import.
# en-self-check-you-are-right | 1 correction/self
U: Isn't the cache key missing the tenant id?
A: You're right, I left the tenant id out of the key, so tenants could share entries.
# en-long-session | 0 constraint; 2 reject; 2 constraint; 3 correction/self; 4 reject/exec; 6 success/exec; 7 success
U: Set up ESLint for the monorepo. Don't use the airbnb config.
A: Installed eslint and eslint-config-airbnb.
U: I said don't use the airbnb config.
A: My mistake, I removed airbnb and switched to the recommended config.
T: ✖ 23 problems (23 errors, 0 warnings)
A: Fixing the 23 lint errors, mostly unused vars.
T: All files pass linting.
U: Nice, thanks.
# en-negative-asks-preference
U: Set up formatting.
A: Do you prefer tabs or spaces?
U: Do you prefer prettier or biome for a new project?
# en-negative-no-preference
U: Pick a date library for the scheduler.
A: I'd suggest date-fns or dayjs.
U: I don't have a strong preference, pick whichever is smaller.
# en-negative-dont-prefer
U: I don't prefer any particular test framework, go with whatever the repo already has.
# en-negative-not-bad
U: Draft a README intro.
A: Here's a three-paragraph intro covering install and usage.
U: Not bad. Can you add a badges row at the top?
# en-negative-no-problem
U: Rename getUser to fetchUser everywhere.
A: Sorry, I only renamed it in src/. Should I also update the tests?
U: No problem, yes please update the tests too.
# en-negative-thanks-first
U: Thanks in advance! Could you add a health check endpoint at /healthz?
# en-negative-pasted-error
U: I get this when I run npm test:
\`\`\`
TypeError: Cannot read properties of undefined (reading 'map')
    at render (src/list.tsx:12:18)
\`\`\`
Can you fix it?
# en-negative-quoted
U: Add a toast that says "That fixed it!" when the save succeeds.
A: Added the toast in SaveButton.tsx.
U: Also make the toast say "Something went wrong" on failure.
# en-negative-figure-out-why
U: Check the logs.
A: The worker logs show repeated ECONNRESET errors from the queue.
U: Figure out why the worker loses its connection and add a reconnect.
# en-negative-conditional
U: Try upgrading prisma to fix the migration bug.
A: Upgraded prisma to 5.10.
U: Run the migration tests, and if it doesn't work, roll back the upgrade.
# en-negative-let-me-fix-task
U: Fix the typo in the README heading.
A: Sure, let me fix that.
# en-negative-follow-up
U: Add a login form with email and password fields.
A: Added LoginForm.tsx with email and password inputs.
U: Now add a signup form with email, password and confirm password fields.
# en-negative-similar-new-request
U: Create a Dockerfile for the API service.
A: Created a multi-stage Dockerfile based on node:20-alpine.
U: Create a docker-compose file for the API service and postgres.
# en-negative-question-never
U: Should the API never return null for empty lists?
# en-negative-docs-about-errors
U: Write a troubleshooting section covering 'command not found' and permission denied errors.
# en-h-reject-worse-than-before | 2 reject
U: Add dark mode support to the settings page.
A: I added a toggle that switches the body class to .dark.
U: Half the text is unreadable now, this is worse than before.
# en-h-reject-not-quite | 2 reject
U: Make the search case-insensitive.
A: I lowercased the query before matching.
U: Not quite — the stored names still have uppercase letters so nothing matches.
# en-h-reject-hmm-no | 2 reject
U: Can you add a retry to the S3 upload?
A: Wrapped the upload in a for-loop that retries 3 times immediately.
U: Hmm, no. Immediate retries will just hammer S3, it needs backoff.
# en-h-confusion-why-would | 2 confusion; 2 reject
U: Speed up the docker build.
A: I removed the npm ci step and copy node_modules from the host instead.
U: Why would you copy node_modules from my machine? That won't work on the Linux image.
# en-h-reject-still-shows | 2 reject
U: The CSV export has garbled accents in Excel.
A: I set the response charset to utf-8.
U: Excel still shows Ã© instead of é.
# en-h-reject-implicit-collapse | 2 reject
U: Make the sidebar collapsible with a button in the header.
A: I made the sidebar resizable by dragging its edge.
U: I want to collapse the sidebar using a button in the header.
# en-h-correction-its-in | 2 correction
U: Update the API base URL.
A: Changed API_URL in .env.development.
U: It's in .env.production, the dev one is fine.
# en-h-correction-use-instead | 2 correction
U: Add a unique constraint on email.
A: Added a unique index on users.email.
U: It should be case-insensitive, use a unique index on lower(email) instead.
# en-h-correction-script-name | 2 correction
U: How do I start the worker locally?
A: Run npm run worker.
U: That script doesn't exist, it's npm run start:worker.
# en-h-constraint-please-no-any | 0 constraint
U: Type the response of fetchOrders, and please no \`any\`.
# en-h-constraint-arm | 2 constraint
U: Containerize the app.
A: Dockerfile added, based on node:20.
U: It has to run on ARM too, our servers are Graviton.
# en-h-constraint-dont-break | 2 constraint
U: Clean up the deprecated helpers in utils/.
A: I'll remove formatMoney and parseDateLegacy.
U: Fine, but don't break the mobile app, it still calls parseDateLegacy.
# en-h-constraint-no-internet | 0 constraint
U: Write the integration test for the payment client. The CI runners can't reach the internet, so stub the gateway.
# en-h-success-it-ran | 2 success
U: The cron job never fires on the server.
A: The server runs in UTC, so I changed the schedule from 9:00 to 7:00 UTC.
U: Just checked, it ran at 9 this morning. Thanks!
# en-h-success-all-good | 2 success
U: Renew the TLS certificate on staging.
A: Ran certbot renew and reloaded nginx.
U: All good, the browser shows the new expiry date.
# en-h-success-awesome | 2 success
U: Add a Makefile target for running migrations.
A: Added \`make migrate\` which runs the migrate script with the right env.
U: Awesome, thx.
# en-h-success-tests-pass | 2 success
U: Fix the timezone bug in the scheduler tests.
A: Froze the clock with vi.setSystemTime in the failing tests.
U: Tests pass now on my machine too.
# en-h-confusion-redux | 2 confusion
U: Add a loading spinner to the submit button.
A: Done. I also added a global Redux slice for UI state.
U: Wait, why is there a Redux slice now? We don't even use Redux.
# en-h-confusion-not-following | 2 confusion
U: Explain why the memory keeps growing.
A: The listener closure retains the request scope, so every request pins its buffers.
U: Sorry, I'm not following. Which listener?
# en-h-confusion-huh | 2 confusion; 2 correction
U: Deploy the preview branch.
A: Deployed to production.
U: Huh? I said preview, not production!
# en-h-preference-personally | 2 preference
U: Set up state management for the dashboard.
A: I'll add Redux Toolkit with slices per widget.
U: Personally I'd go with zustand, less boilerplate.
# en-h-preference-stick-to | 0 preference
U: Please stick to 2-space indentation and single quotes in all the JS files, that's how we write it here.
# en-h-preference-like-it-when | 2 preference
U: Write the release notes.
A: Here is a long-form narrative of the release.
U: I like it when release notes are a short bulleted list, one line per change.
# en-h-self-check-misread | 1 correction/self
U: Does the retry handle 429 responses?
A: Looking again, I misread the code earlier: it only retries on 5xx, not on 429.
# en-h-self-check-typo | 2 reject/exec; 3 correction/self
U: Add an index on sessions.user_id.
A: Added the index in migration 0051.
T!: ERROR:  relation "session" does not exist
A: The table is called sessions, I typed session in the migration. Fixing the name.
# en-h-exec-test-then-pass | 1 reject/exec; 5 success/exec
U: Run the test suite.
T: FAIL src/cart.test.ts > applies discount
AssertionError: expected 90 to be 81
A: The discount is applied twice; removing the second call in checkout().
T(Edit): Updated src/checkout.ts
A: Re-running the tests.
T: ✓ src/cart.test.ts (8 tests)
Test Files  4 passed (4)
# en-h-exec-docker-daemon | 1 reject/exec
U: Build the image.
T: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?
A: Docker isn't running on this machine, can you start Docker Desktop?
# en-h-negative-npm-warning
U: Install the packages.
T: npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.
added 210 packages in 9s
A: Installed; the warning is from a transitive dependency.
# en-h-negative-curious-why
U: Out of curiosity, why do people use pnpm over npm?
# en-h-negative-makes-sense
U: Can we store the API key in the frontend?
A: You must not ship secrets in the bundle; put it behind a server route.
U: Okay, makes sense. Let's do the server route then.
# en-h-negative-is-that-it
U: Add the missing semicolon in index.ts.
A: Added it on line 12.
U: Is that it? I thought there were more lint errors.
# en-h-correction-not-perfect | 2 correction
U: Write a function to validate emails.
A: Here's a 40-line RFC 5322 regex.
U: It doesn't need to be perfect, just check for an @ and a dot.
# en-h-negative-dont-worry
U: Update the changelog.
A: Should I also bump the version?
U: Don't worry about the version, the release script does it.
# en-h2-reject-undo-this | 2 reject
U: Make the footer links open in a new tab.
A: I set target="_blank" on every anchor in the app.
U: Undo this, only the footer links should change.
# en-h2-reject-regression | 2 reject
U: Optimize the image resizing.
A: Switched from jimp to sharp.
U: The thumbnails are blurry now, that's a regression.
# en-h2-reject-asked-not-to | 0 constraint; 2 reject
U: Don't change the public function names in the SDK.
A: I renamed getClient to createClient for consistency.
U: You renamed a public function, which I asked you not to do.
# en-h2-correction-meant-staging | 2 correction
U: Point the app at the new database.
A: Updated DATABASE_URL in the production env file.
U: Sorry, I meant the staging env file, not production.
# en-h2-correction-port | 2 correction
U: Run the API locally.
A: Started the API on port 3000.
U: The frontend expects it on 4000, can you switch?
# en-h2-constraint-no-sudo | 0 constraint
U: Install the CLI globally, but I don't have sudo on this laptop.
# en-h2-constraint-never-log | 2 constraint
U: Add request logging to the API gateway.
A: I log the full request including headers and body.
U: Never log the Authorization header or request bodies, they contain tokens.
# en-h2-constraint-under | 0 constraint
U: Write a bash one-liner to find the biggest files, keep it under 80 characters.
# en-h2-success-sweet | 2 success
U: Add a GitHub Action that runs the tests on pull requests.
A: Added .github/workflows/test.yml that runs pnpm test on pull_request.
U: Sweet, it ran on my PR and passed.
# en-h2-success-did-the-trick | 2 success
U: Node keeps running out of memory during the build.
A: Set NODE_OPTIONS=--max-old-space-size=4096 in the build script.
U: That did the trick.
# en-h2-success-shows-up-now | 2 success
U: The favicon doesn't show up in Safari.
A: Added an apple-touch-icon link and a 180x180 PNG.
U: Thank you, it shows up now.
# en-h2-confusion-what-vault | 2 confusion
U: Set up Sentry for the backend.
A: Done, I also configured the DSN from the shared vault.
U: What shared vault? I don't know what you're referring to.
# en-h2-confusion-slower | 2 confusion
U: Run the benchmark.
T: p95 latency: 840ms (baseline 120ms)
U: Why is it seven times slower than the baseline?
# en-h2-preference-tend | 0 preference
U: I tend to keep React components under 150 lines, split them if they grow past that.
# en-h2-preference-fetch-over-axios | 2 preference
U: Add an HTTP client to the scripts package.
A: I'll use axios.
U: Native fetch over axios, please, we're on Node 20.
# en-h2-self-check-overlooked | 1 correction/self
U: Can you double-check the migration handles existing rows?
A: Good catch. I overlooked existing rows: the NOT NULL column has no default, so the migration would fail on a non-empty table.
# en-h2-exec-segfault | 1 reject/exec
U: Run the native addon tests.
T: Segmentation fault (core dumped)
A: The addon was built against a different Node ABI. Can you run npm rebuild and tell me the output?
# en-h2-negative-not-really-answer
U: Rename the variable x to count.
A: Do you also want me to rename it in the comments?
U: Not really, the code is enough.
# en-h2-negative-all-good-question
U: Deploy the hotfix.
A: Deployed to production at 14:02.
U: Are the error rates all good after the deploy?
# en-h2-negative-path-answer
U: Add a test for the parser.
A: Where should the test file go?
U: It's tests/parser.test.ts, next to the other unit tests.
# en-h2-negative-also-used
U: Bump the eslint version.
A: Bumped eslint to 9.1.
U: OK. It's also used in packages/ui, bump it there too.
# en-h2-negative-still-question
U: Add the feature flag.
A: Added FEATURE_NEW_CHECKOUT to the flag service.
U: Is it still off by default?
# en-h2-negative-no-need
U: Add docs for the new endpoint.
A: Should I also add an OpenAPI schema?
U: No need, the README is enough.
# en-h3-reject-still-404 | 2 reject
U: The /api/v2/orders route returns 404 after the refactor.
A: I re-exported the v2 router from routes/index.ts.
U: Still 404. Did you restart the server?
# en-h3-reject-wrong-approach | 2 reject
U: Cache the exchange rates for an hour.
A: I wrote the rates into a JSON file on every request and read it back.
U: That's the wrong approach, we have Redis for exactly this.
# en-h3-correction-use-env | 2 correction
U: Read the API key in the client.
A: I hardcoded the key in src/client.ts for now.
U: No, read it from process.env.API_KEY instead.
# en-h3-correction-plural | 2 correction
U: Query the orders for a customer.
A: SELECT * FROM order WHERE customer_id = $1
U: The table is orders, not order.
# en-h3-constraint-python-version | 0 constraint
U: Write a script to rotate the logs. It must work on Python 3.8 since that's what the servers run.
# en-h3-constraint-dont-add | 2 constraint
U: Add input validation to the signup form.
A: I'll add zod and react-hook-form.
U: Don't add any new packages, plain HTML5 validation is fine.
# en-h3-success-nice-one | 2 success
U: Fix the off-by-one in the pagination.
A: The last page index was computed with ceil instead of floor; corrected it and added a test.
U: Nice one, works perfectly.
# en-h3-success-confirmed | 2 success
U: The webhook signature check fails in production.
A: The raw body was being parsed as JSON before verification; switched the route to express.raw().
U: Confirmed, signatures verify fine now.
# en-h3-confusion-where-from | 2 confusion
U: Add a Postgres connection pool.
A: Added the pool with max 50 connections, matching the RDS limit.
U: Where did you get 50 from? I don't understand how that matches the limit.
# en-h3-preference-tabs | 2 preference
U: Format the new files.
A: Formatted them with 2-space indentation.
U: I prefer tabs for Go files, gofmt does it anyway.
# en-h3-self-check-wrong-assumption | 1 correction/self
U: Why doesn't the feature flag turn off?
A: I was wrong earlier: the flag is cached for 10 minutes, so toggling it takes effect only after the cache expires.
# en-h3-exec-eslint-then-clean | 2 reject/exec; 4 success/exec
U: Lint the project.
A: Running eslint.
T!: /app/src/index.ts
  4:7  error  'unused' is assigned a value but never used  no-unused-vars
✖ 1 problem (1 error, 0 warnings)
A: Removing the unused variable.
T: eslint finished: 0 problems
# en-h3-negative-explain-request
U: Explain how the retry backoff works in this client.
A: It doubles the delay after each failure, starting at 100ms, capped at 5s.
U: Can you add a jitter to it as well?
# en-h3-negative-no-answer
U: Clean up the old feature branches.
A: Should I delete the remote branches too?
U: No, just the local ones.
# en-h3-negative-thanks-start
U: Thanks for the help yesterday. Today I need a script that resizes all PNGs in assets/ to 512px.
# en-h3-negative-error-in-request
U: Add a custom error page for 500 errors that shows a friendly message.
A: Added pages/500.tsx with a retry button.
U: Also log the error to Sentry from that page.
# en-h3-negative-must-in-question
U: Does the token have to be refreshed before every request?
# en-h3-negative-great-sarcasm-absent
U: Set up the staging database.
A: Created the staging RDS instance with the same parameter group as production.
U: What's the connection string?
# en-s-correction-app-reads | 3 reject/exec; 4 correction
U: The login test fails because the session timeout is wrong. Set the session timeout to 30 minutes.
T(Edit): The file /work/demo-app/config.json has been updated.
A: Running the login tests.
T!: FAIL src/login.test.ts > expires sessions after 30 minutes
U: Not this file, the app reads config.yaml — config.json is only for the old CLI.
# en-s-correction-not-that-one-dash | 2 correction
U: Turn on the new checkout flag for staging.
A: I set CHECKOUT_V2=true in .env.development.
U: Not that one — the server loads .env.staging on that box.
# en-s-correction-json-one | 2 correction
U: Raise the worker concurrency to 8.
A: Updated concurrency in worker.json to 8.
U: not the json one, use worker.toml
# en-s-correction-only-for | 2 correction
U: Add the /invoices route.
A: I added the route to routes/legacy.ts.
U: routes/legacy.ts is only for the v1 API; the v2 router lives elsewhere.
# en-s-correction-use-never | 2 reject/exec; 3 correction
U: Install the dependencies and run the unit tests.
A: Installing with npm.
T!: npm ERR! code EUNSUPPORTEDPROTOCOL
U: No, not npm — this repo is a pnpm workspace. Use pnpm install, never npm install here.
# en-s-constraint-two-prohibitions | 2 constraint
U: Start the dev server on port 8080.
A: Here's the command; it starts the dev server with sudo so it can bind the port.
U: And it must not run as root, don't use sudo.
# en-s-constraint-use-never-touch | 2 constraint
U: Run the data backfill.
A: I'll run the backfill against the production replica.
U: Use the staging db, never touch prod.
# en-s-negative-only-for-not-used
U: Add a role check to the /api/v1/users handler.
A: Added the check; non-admins now get a 403.
U: The /api/v1 route is only for admins, so also hide it from the public docs.
# en-s-negative-not-this-time
U: Merge the release branch.
A: Merged. Want me to deploy it too?
U: Not this time, just merge it.
# en-s-correction-uses-not | 2 correction
U: Point the CLI at the new API host.
A: I changed the host in app.config.js.
U: Wrong one. The CLI uses cli.config.js, not app.config.js.
# en-s-correction-only-used-by | 2 correction
U: Add an alias for @/components.
A: I added the alias to webpack.config.js.
U: webpack.config.js is only used by the legacy build, edit vite.config.ts.
# en-s-negative-only-for-leave-it
U: Remove unused helpers from the tests folder.
A: Removed four helpers; I left test_utils.py untouched.
U: test_utils.py is only for fixtures, that's fine to leave as is.
# en-l-correction-split | 1 reject/exec; 3 correction
U: Install the dependencies and run the unit tests
T!: npm ERR! code EUNSUPPORTEDPROTOCOL
A: Retrying the install.
U: No, not npm, this is a pnpm workspace. Use pnpm install.
# en-l-correction-use-dont | 2 correction
U: deploy to staging
A: Applied the manifests with kubectl apply -f k8s/staging.
U: use ./deploy.sh staging, don't kubectl apply by hand, it skips the migrations job
# en-l-correction-split-anymore | 1 reject/exec; 2 correction
U: add pino for logging
T!: error This project's package.json defines "packageManager": "pnpm@9.12.0".
U: we moved to pnpm last week, don't use yarn anymore. use pnpm add
# en-l-constraint-must-always | 2 constraint
U: run the e2e tests for the signup flow
A: Ran npm run e2e -- signup, 2 passed.
U: the e2e tests must always run with APP_ENV=test, otherwise they truncate the dev db
# en-l-constraint-must-send | 2 constraint
U: add a helper that charges a saved payment method
A: Added charge_saved_method() calling stripe.PaymentIntent.create.
U: every POST to Stripe must send an idempotency key, otherwise a retry double-charges the customer.
# en-l-constraint-two-prohibitions-split | 2 constraint
U: Set up the cron job for the backups.
A: Added a crontab entry that runs as root.
U: It must not run as root. Don't use sudo either.
# en-l-negative-use-dont-forget
U: Add zod to the api package.
A: Added zod with pnpm add zod.
U: Good. Use the same for the web package and don't forget the lockfile.
# en-g-opener-correction | 2 correction
U: Upload the build to the bucket.
A: Uploaded dist/ to s3://acme-prod-assets.
U: No, I want it in the staging bucket, acme-staging-assets.
# en-g-bare-opener
U: Find the slowest query in the log.
A: The slowest one is the users lookup at 2.1 s.
U: Negative. Look at the orders report.
# en-g-not-that
U: Open the config the worker reads.
A: Here is config/default.json.
U: That's not the one the worker reads.
# en-g-retry-request
U: Find where the session cookie is set.
A: I could not find a Set-Cookie call in src/.
U: Could you please search again? I saw it in the middleware last week.
# en-g-complaint
U: Tidy up the migrations folder.
A: Merged the migrations into one file and renumbered the rest.
U: You've made quite a mess of things as it is.
# en-g-dislike
U: Suggest a charting library for the dashboard.
A: How about D3? It can draw anything.
U: I don't like hand-drawing every axis.
# en-g-pursuit-after-shortfall
U: Book the 9:00 meeting room for Friday.
A: Sorry, the 9:00 slot on Friday is already taken.
U: How about 10:00 then?
# en-g-unresolved-shortfall
U: Fetch the latest exchange rates.
A: Unfortunately the rates API is not available right now.
U: Which endpoint did you call?
# en-g-other-option
U: Pick a font for the landing page.
A: Inter would work well there.
U: Any other suggestions?
# en-g-negated-reply
U: Set up the release workflow.
A: I can also add a changelog step to the workflow.
U: Not at this time. Only the tag and publish steps.
# en-g-acceptance
U: Rename the helper to formatPrice.
A: Renamed formatPrice and updated the six call sites.
U: Sounds good, leave the tests as they are.
# en-g-alarm
U: Clean up the old tables in the staging database.
A: Running the cleanup script against every database now.
U: Wait, that includes production!
# en-g-praise
U: Suggest a name for the billing service.
A: How about "ledger"? Short and it says what it keeps.
U: That is a really good name, I like how short it is.
# en-g-enthusiasm
U: Make the spinner match the brand colour.
A: The spinner now uses --brand-500.
U: Yes, exactly the shade I had in mind!
# en-g-restated-request
U: Add a dark mode toggle to the settings page.
A: I added a theme section to the README.
U: I wanted a toggle for dark mode, somewhere users can switch it.
# en-g-repeated-question
U: Does the importer keep the original timestamps?
A: The importer reads JSONL files line by line.
U: Are the original timestamps of each file kept by the importer?
# en-g-topic-switch
U: Suggest a charting library for the dashboard.
A: Recharts would fit, it is already in the lockfile.
U: My landlord raised the monthly rent again yesterday.
`;
