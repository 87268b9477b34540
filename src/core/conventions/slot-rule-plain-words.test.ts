import { describe, expect, it } from "vitest";
import { readSlots } from "./slot-rule.js";

const slots = (text: string) => readSlots(text).map((found) => `${found.slot}=${found.value}`);

describe("a value said in the role its subject names", () => {
  it("is a tool's name, not any word before 'as the …'", () => {
    expect(slots("always return the response as JSON")).toEqual([]);
    expect(slots("send the payload as json")).toEqual([]);
    expect(slots("write the events as logs")).toEqual([]);
    expect(slots("use the session id as the cache key")).toEqual([]);
    expect(slots("use the users table as the database of record")).toEqual([]);
    // A tool's name, or a word written as one, still is.
    expect(slots("Background jobs are celery with redis as the broker")).toEqual([
      "job-queue=celery",
      "message-queue=redis",
    ]);
    expect(slots("we run postgres as the database")).toEqual(["database=postgres"]);
    expect(slots("treat localStorage as the cache")).toEqual(["cache=localstorage"]);
  });
});

describe("a platform whose name is an everyday word", () => {
  it("is not the deploy method where the word is a verb or names another thing", () => {
    expect(slots("in production always render emails on the server")).toEqual([]);
    expect(slots("before you deploy, always cap the batch size")).toEqual([]);
    expect(slots("deploys: cap the retries at 3")).toEqual([]);
    expect(slots("the focus in prod is on render speed")).toEqual([]);
    // As the platform it still is.
    expect(slots("staging lives on render now")).toEqual(["deploy-method=render"]);
    expect(slots("we moved prod from heroku to render")).toEqual(["deploy-method=render"]);
    expect(slots("deploys are on fly now")).toEqual(["deploy-method=fly"]);
    expect(slots("cap is not installed here: use fly deploy --remote-only instead")).toEqual([
      "deploy-method=fly",
    ]);
  });
});

describe("a tool after 'is … and'", () => {
  it("is not the one a thing is when it opens a clause of its own", () => {
    expect(slots("logging is noisy and tracing is expensive")).toEqual([]);
    expect(slots("Tests are xUnit with FluentAssertions")).toEqual([
      "test-runner=xunit",
      "assertion-library=fluentassertions",
    ]);
  });
});

describe("a path segment as a name part", () => {
  it("is a prefix only before a placeholder, a ticket or a description, not a package path", () => {
    expect(slots("handlers use net/http directly, not gin")).toEqual([]);
    expect(slots("functions use lib/utils helpers")).toEqual([]);
    expect(slots("branches are now story/HB-<ticket>-<desc>")).toEqual(["naming.branch.prefix=story/"]);
    expect(slots("分支名用 feature/描述 的格式")).toEqual(["naming.branch.prefix=feature/"]);
    expect(slots("Our convention is that branch names always start with 'feat/'.")).toEqual([
      "naming.branch.prefix=feat/",
    ]);
  });
});

describe("a port", () => {
  it("is a number a service is on, not a date, an amount or a count", () => {
    expect(slots("the release is on 2025-03-01")).toEqual([]);
    expect(slots("the limit is on 100 requests")).toEqual([]);
    expect(slots("we moved retries to 10")).toEqual([]);
    expect(slots("move timeouts to 30 seconds")).toEqual([]);
    expect(slots("postgres is exposed on 5433, redis is on 6380")).toEqual([
      "port:postgres=5433",
      "port:redis=6380",
    ]);
    expect(slots("infra moved pgbouncer to the standard 6432 last week")).toEqual(["port:pgbouncer=6432"]);
  });
});

describe("a thing of a package", () => {
  it("is the value only when it is a tool's name", () => {
    expect(slots("logging is the std library's own thing")).toEqual([]);
    expect(slots("ids are the database module's sequence")).toEqual([]);
    // A word for what kind of package it is names none.
    expect(slots("logging is the standard library")).toEqual([]);
    expect(slots("logging is the core module")).toEqual([]);
    expect(slots("Logging is the log crate with env_logger initialised in main")).toEqual(["logging=log"]);
    expect(slots("logging is the standard library's log/slog")).toEqual(["logging=slog"]);
  });
});

describe("a suffix", () => {
  it("is a name, not a word of the sentence after 'suffixed' or before 'suffix'", () => {
    expect(slots("test classes are suffixed with the name of the class under test")).toEqual([]);
    expect(slots("functions get the same suffix as their file")).toEqual([]);
    expect(slots("keep the Button component in its own file, the Impl suffix is for services")).toEqual([]);
    expect(slots("DTOs are plain readonly classes with constructor promotion, suffixed Dto")).toEqual([
      "naming.class.suffix=dto",
    ]);
    expect(slots("every service class gets the Impl suffix")).toEqual(["naming.class.suffix=impl"]);
    expect(slots("handlers are suffixed _fn")).toEqual(["naming.function.suffix=_fn"]);
  });
});

describe("a library whose name is an everyday word", () => {
  it("is the library only where the rule speaks of its job", () => {
    expect(slots("tests always click via userEvent, not fireEvent")).toEqual([]);
    expect(slots("the gateway is kong")).toEqual([]);
    expect(slots("forms always conform to the spacing scale")).toEqual([]);
    expect(slots("we use oneof in the proto messages")).toEqual([]);
    expect(slots("we use snowflake for analytics")).toEqual([]);
    // Said of its job, it is.
    expect(slots("we moved the CLI from argparse to click")).toEqual(["cli-parser=click"]);
    expect(slots("forms moved from react-hook-form to conform")).toEqual(["form-library=conform"]);
    expect(slots("use OneOf for service results")).toEqual(["result-type=oneof"]);
    expect(slots("we're going with snowflake ids for orders")).toEqual(["id-generation=snowflake"]);
  });
});

describe("a tool whose name starts with another's", () => {
  it("is the longer name", () => {
    expect(slots("use uuid v7 for new tables")).toEqual(["id-generation=uuid-v7"]);
    expect(slots("we use dagger hilt for DI")).toEqual(["dependency-injection=hilt"]);
  });
});

describe("a use lead after an avoid lead", () => {
  it("uses the member only when the avoid lead drops another thing before it", () => {
    expect(slots("instead of structopt its clap with derive now")).toEqual(["cli-parser=clap"]);
    expect(slots("logging: we no longer use pino")).toEqual([]);
    expect(slots("logging: no more using pino")).toEqual([]);
  });
});

describe("work said to be done by hand", () => {
  it("is a value of the slot whose subject it names, which the library before it gives way to", () => {
    expect(slots("we write the mappings by hand as extension methods (ToDto(), ToEntity())")).toEqual([
      "object-mapping=by hand",
    ]);
    expect(slots("hand-written mappings in Api/Mapping")).toEqual(["object-mapping=by hand"]);
    expect(slots("对象转换手写")).toEqual(["object-mapping=by hand"]);
    expect(slots("we're moving to Mapster")).toEqual(["object-mapping=mapster"]);
    // Not a subject of a slot, or another thing's mappings.
    expect(slots("never edit the generated client by hand")).toEqual([]);
    expect(slots("port mappings are in docker-compose.yml")).toEqual([]);
  });
});

describe("a subject said of all of its work", () => {
  it("is read with the project's own helper as its value", () => {
    expect(slots("all HTTP goes through our own apiFetch<T>() helper")).toEqual(["http-client=apifetch"]);
    expect(slots("anything HTTP goes through apiFetch<T>()")).toEqual(["http-client=apifetch"]);
    expect(slots("all http requests use the ky instance")).toEqual(["http-client=ky"]);
  });
});

describe("a tool run through a binstub", () => {
  it("is the tool", () => {
    expect(slots("always use bin/rspec")).toEqual(["test-runner=rspec"]);
    expect(slots("use bin/rspec next time")).toEqual(["test-runner=rspec"]);
    expect(slots("edit bin/setup")).toEqual([]);
  });
});

describe("a replacement said first, and C++ test frameworks", () => {
  it("reads what replaced a thing as the value, and a switch said with 换", () => {
    expect(slots("GoodJob replaced Sidekiq (we got rid of redis entirely)")).toEqual(["job-queue=goodjob"]);
    expect(slots("测试框架换成 Catch2 v3，gtest 以后不用")).toEqual(["test-runner=catch2"]);
    expect(slots("组里投票决定换 doctest，测试文件命名和位置不变")).toEqual(["test-runner=doctest"]);
    expect(slots("单测 gtest，放 tests/ 下")).toEqual(["test-runner=googletest"]);
    // A passive replacement keeps its own reading.
    expect(slots("jest got replaced with vitest")).toEqual(["test-runner=vitest"]);
  });
});

describe("UI component libraries and more HTTP clients", () => {
  it("are slots of their own, so a change of library supersedes the one before", () => {
    expect(slots("组件库改用 Naive UI，Element Plus 新页面别再用了")).toEqual(["component-library=naive-ui"]);
    expect(slots("组件库用 Element Plus")).toEqual(["component-library=element-plus"]);
    expect(slots("接口层换了，不再用 axios，统一用 alova")).toEqual(["http-client=alova"]);
    expect(slots("RestTemplate is deprecated in our codebase, new outbound calls use RestClient")).toEqual([
      "http-client=restclient",
    ]);
  });
});

describe("a subject changed over, chosen for, or paired with its tool", () => {
  it("takes any name as the value, since the subject says which slot", () => {
    expect(slots("let's switch the CLI parsing to argh for new and touched commands")).toEqual([
      "cli-parser=argh",
    ]);
    expect(slots("for CLI parsing we use clap")).toEqual(["cli-parser=clap"]);
    expect(slots("CLI parsing with clap derive.")).toEqual(["cli-parser=clap"]);
    expect(slots("experiment tracking moves to MLflow")).toEqual(["experiment-tracker=mlflow"]);
    expect(slots("experiments get logged to wandb under the project asr-conformer")).toEqual([
      "experiment-tracker=wandb",
    ]);
    // A number moved to is no tool, a lowercase word after "with" no value, and a value read twice is one.
    expect(slots("we moved retries to 10")).toEqual([]);
    expect(slots("logging with a custom formatter")).toEqual([]);
    expect(slots("we're off fly.io since last month, everything deploys with kamal now")).toEqual([
      "deploy-method=kamal",
    ]);
  });
});

describe("a prefix named and then changed, said of no thing", () => {
  it("is the new prefix of every thing", () => {
    expect(slots("Gb 这个前缀大家都说看不懂……还是改成 App 吧，AppButton、AppTable 这样")).toEqual([
      "naming.any.prefix=app",
    ]);
    expect(slots("crawl_ 开头那条规则，review 的时候觉得容易搞混，改成 fetch_ 开头吧")).toEqual([
      "naming.any.prefix=fetch_",
    ]);
    expect(slots("the Gb prefix confuses people, change it to App")).toEqual(["naming.any.prefix=app"]);
    expect(slots("the Gb prefix confuses people")).toEqual([]);
  });
});

describe("where a service of the project is reached", () => {
  it("is keyed by the first word of its host, so a move supersedes the old address", () => {
    expect(slots("the tracking server is http://mlflow.internal:5000")).toEqual([
      "address.mlflow=http://mlflow.internal:5000",
    ]);
    expect(slots("the MLflow server moved to https://mlflow.speechlab.ai, the old host is gone")).toEqual([
      "address.mlflow=https://mlflow.speechlab.ai",
    ]);
    // A link that is no server's address, or a host with no name of its own, sets nothing.
    expect(slots("see https://docs.python.org/3/library/asyncio.html for the details")).toEqual([]);
    expect(slots("the api server is at https://api.example.com")).toEqual([]);
  });
});

describe("the crate errors are made with, and names shown with a placeholder", () => {
  it("reads the error crate by its subject, and a view suffix after Xxx", () => {
    expect(slots("driver errors move from thiserror to snafu")).toEqual(["error-library=snafu"]);
    expect(slots("we're going back to thiserror for all driver errors")).toEqual(["error-library=thiserror"]);
    expect(slots("errors are one enum per driver, derived with thiserror")).toEqual([
      "error-library=thiserror",
    ]);
    expect(slots("Top-level SwiftUI views are named XxxScreen, like SightingListScreen")).toEqual([
      "naming.view.suffix=screen",
    ]);
    expect(slots("Top-level SwiftUI views just end in View, like SightingListView")).toEqual([
      "naming.view.suffix=view",
    ]);
    expect(slots("errors are returned as values")).toEqual([]);
  });
});

describe("a command to use whose own words name its work", () => {
  it("is the command of that work", () => {
    expect(slots("just use make test, it starts the database first")).toEqual(["test-command=make test"]);
    expect(slots("use pnpm lint, the global eslint is another version")).toEqual(["lint-command=pnpm lint"]);
    expect(slots("just use make deploy ENV=dev, it sets the kube context for you")).toEqual([
      "deploy-command=make deploy",
      "deploy-target=dev",
    ]);
    expect(slots("use make")).toEqual([]);
  });
});
