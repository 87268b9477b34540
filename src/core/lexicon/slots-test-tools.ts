/**
 * Slots of the tools tests are written with — the test runner, the mocking library, what builds test
 * data — each read as the member a rule says to use ("tests are vitest now", "we use MockK", "no
 * fixtures. FactoryBot."). Part of the tool slots (slots-tools.ts), in their place in its order. Pure.
 */
import { members, type SlotEntry } from "./slot-entry.js";

/** The test tool slots, tried in this order. */
export const TEST_TOOL_SLOTS: readonly SlotEntry[] = [
  members(
    "test-runner",
    ["tests"],
    {
      jest: "jest",
      vitest: "vitest",
      mocha: "mocha",
      pytest: "pytest",
      unittest: "unittest",
      nose2: "nose2",
      junit: "junit",
      junit4: "junit4",
      "junit 4": "junit4",
      junit5: "junit5",
      "junit 5": "junit5",
      "junit jupiter": "junit5",
      rspec: "rspec",
      phpunit: "phpunit",
      pest: "pest",
      pestphp: "pest",
      nextest: "nextest",
      kotest: "kotest",
      xunit: "xunit",
      nunit: "nunit",
      mstest: "mstest",
      // Swift's test frameworks.
      xctest: "xctest",
      "swift testing": "swift-testing",
      // C++ test frameworks.
      gtest: "googletest",
      googletest: "googletest",
      "google test": "googletest",
      catch2: "catch2",
      doctest: "doctest",
      "boost.test": "boost.test",
      // What runs the tests: a project runs them one way.
      tox: "tox",
      nox: "nox",
    },
    "vitest replaced jest, use vitest",
    // A runner's own assertions are the assertion library ("the kotest assertions").
    { neutralAfter: /^(?:\s+|-)(?:assertions?|matchers?)\b/i },
  ),
  // What tests fake their collaborators with, and what they assert with: a project has one of each.
  members(
    "mocking-library",
    ["tests"],
    {
      moq: "moq",
      nsubstitute: "nsubstitute",
      fakeiteasy: "fakeiteasy",
      mockito: "mockito",
      mockk: "mockk",
      sinon: "sinon",
      testdouble: "testdouble",
      gomock: "gomock",
      mockery: "mockery",
      "pytest-mock": "pytest-mock",
    },
    "The team voted to move from Moq to NSubstitute",
  ),
  // What tests build their records with: "no fixtures. FactoryBot."
  members(
    "test-data",
    ["tests"],
    {
      factorybot: "factory_bot",
      factory_bot: "factory_bot",
      factory_boy: "factory_boy",
      model_bakery: "model_bakery",
      fishery: "fishery",
    },
    "no fixtures in new specs, we use FactoryBot now",
  ),
];
