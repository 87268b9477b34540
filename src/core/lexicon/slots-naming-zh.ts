/**
 * Slots of names said in Chinese: a thing named (变量, 分支, 表, 组件…) and its prefix, suffix or case
 * ("以后变量名一律以 m_ 开头", "分支名用 feature/描述", "类名一律用大驼峰"). Part of the naming slots
 * (slots-naming.ts), tried in their place there. Pure.
 */
import { NAME_PART, naming, PREFIX_PART, type SlotEntry, ZH_VALUE, ZH_WHAT } from "./slot-entry.js";

/** The naming slots said in Chinese, in the order they are tried. */
export const ZH_NAMING_SLOTS: readonly SlotEntry[] = [
  naming(
    "prefix",
    new RegExp(
      `${ZH_WHAT}(?:名|名称|名字)?(?:的)?(?:前缀)?[^，。；,;]{0,10}?(?:以|用)\\s*(?:${ZH_VALUE}|([\u4e00-\u9fff]{2,8}))\\s*(?:开头|打头|为前缀|作为前缀)`,
    ),
    "以后变量名一律以 m_ 开头",
    2,
  ),
  naming(
    "prefix",
    new RegExp(
      `${ZH_WHAT}(?:名|名称|名字)?(?:的)?前缀\\s*(?:改成|改为|换成|是|为|用|统一为|都是|一律用)了?\\s*${ZH_VALUE}`,
    ),
    "变量名前缀改成 k_ 了",
    2,
  ),
  // A name part said as what a thing's names use or are: 分支名用 feature/描述, 分支命名是 dev_姓名_功能.
  naming(
    "prefix",
    new RegExp(
      `${ZH_WHAT}(?:名|名称|名字|命名)?(?:[^，。；,;]{0,6}?|[^。；;]{0,30}?(?:格式|统一|一律|[:：]\\s*))(?:用|是|改成|改为|换成|统一为|一律用)\\s*${NAME_PART}`,
    ),
    "分支名用 feature/描述 的格式",
    2,
  ),
  naming(
    "suffix",
    new RegExp(
      `${ZH_WHAT}(?:名|名称|名字)?(?:的)?(?:后缀)?[^，。；,;]{0,10}?(?:以|用)\\s*${ZH_VALUE}\\s*(?:结尾|结束|为后缀|作为后缀)`,
    ),
    "函数参数名以 _a 结尾",
    2,
  ),
  // The prefix said before the word 前缀: "成员变量 m_ 前缀，比如 m_socket", and a name's capitalised
  // prefix after what uses it ("业务组件统一加 Yx 前缀", "以后新组件都用 Zt 前缀").
  naming(
    "prefix",
    new RegExp(`${ZH_WHAT}(?:名|命名)?\\s*(?:统一|都|一律)?(?:用|加)?\\s*${PREFIX_PART}\\s*前缀`),
    "成员变量 m_ 前缀，比如 m_socket",
    2,
  ),
  naming(
    "prefix",
    new RegExp(
      `${ZH_WHAT}[^，。；,;]{0,4}?(?:统一|都|一律)?(?:用|加|带)\\s*['"‘“\x60]?([A-Z][A-Za-z0-9]{0,6})['"’”\x60]?\\s*前缀`,
    ),
    "以后新组件都用 Zt 前缀（中台的意思），比如 ZtOrderTrend",
    2,
  ),
  // An underscore as the suffix: "成员变量统一用后缀下划线，socket_ 这种".
  {
    ...naming(
      "suffix",
      new RegExp(`${ZH_WHAT}(?:名|命名)?[^。；;]{0,20}?(后缀下划线|下划线后缀|下划线结尾|以下划线结尾)`),
      "m_ 不要了，成员变量统一用后缀下划线，socket_ 这种",
      2,
    ),
    value: {
      from: "group",
      value: 2,
      names: { 后缀下划线: "_", 下划线后缀: "_", 下划线结尾: "_", 以下划线结尾: "_" },
    },
  },
  // A suffix added: "接口的入参、出参类统一加 DTO 后缀", "实体类都带 Entity 后缀".
  naming(
    "suffix",
    new RegExp(
      `${ZH_WHAT}(?:名|名称|名字)?(?:的)?[^，。；,;]{0,10}?(?:加|带|加上|带上)\\s*${ZH_VALUE}\\s*后缀`,
    ),
    "接口的入参、出参类统一加 DTO 后缀，比如 OrderCreateDTO",
    2,
  ),
  naming(
    "case",
    new RegExp(
      `${ZH_WHAT}(?:名|名称|名字)?[^，。；,;]{0,6}?(?:用|使用|采用|是)?\\s*(大驼峰|小驼峰|驼峰|(?<!后缀|以)下划线(?!后缀|结尾)|蛇形|全大写|帕斯卡)`,
    ),
    "类名一律用大驼峰",
    2,
  ),
  naming(
    "prefix",
    new RegExp(
      `${ZH_WHAT}(?:名|名称|名字)?[^。；;]{0,20}?[，,]\\s*(?:并且|而且|还要|另外)?\\s*(?:都|一律|统一)?以\\s*${ZH_VALUE}\\s*(?:开头|打头)`,
    ),
    "常量统一大写，以 C_ 开头，比如 C_MAX_RETRY",
    2,
  ),
];
