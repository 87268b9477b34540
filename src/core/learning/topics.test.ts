import { describe, expect, it } from "vitest";
import { activityTrigger, titleActivity } from "./topics.js";

describe("activityTrigger", () => {
  it.each([
    ["no emojis in commit messages please", false, "Committing changes"],
    [
      "we don't do merge commits on feature branches here, rebase onto main instead",
      false,
      "Pushing and merging branches",
    ],
    ["Never force-push to main.", false, "Pushing and merging branches"],
    ["use ./deploy.sh staging, don't kubectl apply by hand", false, "Deploying"],
    ["never run migrations against production from your machine", false, "Running database migrations"],
    ["Never run npm publish yourself.", false, "Publishing releases"],
    ["Secrets go in .env.local, it's gitignored.", false, "Handling secrets and environment variables"],
    ["aws s3 ls s3://acme-staging-uploads/", false, "Running AWS CLI commands"],
    ["every POST to Stripe must send an idempotency key", false, "Calling HTTP APIs"],
    ["I prefer named exports over default exports", false, "Writing code in the project's style"],
    ["不要用 admin 账号连生产库！", true, "操作数据库"],
    ["项目已经升级到 node 20 了，不要再切到 16，用 nvm use 20", true, "切换 Node 版本"],
    ["以后代码注释都用中文写", true, "写代码注释"],
    ["现在统一用 make dev 启动了，它会加载 .env.dev", true, "启动项目"],
    ["密钥不要提交到仓库里，放到环境变量。", true, "处理密钥和环境变量"],
  ])("%s → %s", (text, zh, expected) => {
    expect(activityTrigger(text, zh)).toBe(expected);
  });

  it("does not read a topic from a URL or host name", () => {
    const command = 'curl -s -H "Authorization: Bearer $T" https://api.acme.test/v1/customers/1042/orders';
    expect(activityTrigger(command, false, "command")).toBe("Calling HTTP APIs");
    // The host "api.acme.test" is not about tests.
    expect(activityTrigger("https://api.acme.test/v1/customers", false, "command")).toBeNull();
  });

  it("names a kubectl command that only looks as container work, and one that changes the cluster as a deploy", () => {
    expect(activityTrigger("kubectl -n payments get pods -l app=ledger-worker", false, "command")).toBe(
      "Running containers",
    );
    expect(activityTrigger("kubectl --context stg-eu1 logs worker-7d9c --previous", false, "command")).toBe(
      "Running containers",
    );
    expect(activityTrigger("kubectl apply -f k8s/", false, "command")).toBe("Deploying");
  });

  it("names nothing for a sentence about no known activity", () => {
    expect(activityTrigger("use the blue color for this button", false)).toBeNull();
    expect(activityTrigger("Don't touch the public API of BillingService.", false)).toBeNull();
    expect(activityTrigger("写一个上传组件，只允许图片格式", true)).toBeNull();
  });
});

describe("titleActivity", () => {
  it("names a question's or a greeting's kind of work, never the question or the greeting", () => {
    expect(
      titleActivity("the conformer job has been running for 2h but no loss curves in wandb?", false),
    ).toBe("Running training and batch jobs");
    expect(titleActivity("Hi Oliver, it's great to finally meet you.", false)).toBe(
      "Working in this project",
    );
    expect(titleActivity("小王你好，欢迎加入！这周感觉怎么样？", true)).toBe("在本项目中工作");
  });

  it.each([
    ["fix the null check in the invoice serializer and commit it", false, "Committing changes"],
    ["install the deps and run the api tests", false, "Installing dependencies"],
    ["tighten the header size limit to 16KB", false, "Tightening the header size limit"],
    ["Run the e2e suite", false, "Running the e2e suite"],
    ["create a Badge component for the order status", false, "Creating a Badge component"],
    ["Parse the CSV export without adding any new dependencies.", false, "Parsing the CSV export"],
    ["the connection pool leaks under load", false, "the connection pool leaks under load"],
    ["查一下生产库里昨天支付失败的订单有多少", true, "操作数据库"],
    ["给 CouponCalculator 加上注释", true, "写代码注释"],
    ["本地调试的时候", true, "本地调试"],
  ])("%s → %s", (title, zh, expected) => {
    expect(titleActivity(title, zh)).toBe(expected);
  });
});
