/**
 * Facts about the user's own machines and tools: aliases, what is installed where, which command
 * does what on this computer, how devices are named: "gs is my alias for git status", "on this
 * machine python means python3", "ffmpeg is installed at /opt/homebrew/bin", "这台电脑上…". The
 * memory gate reads them as facts for TOOLS.md.
 */
import { cueLexicon } from "./define-lexicon.js";

/** A machine-local tool fact or alias. */
export const LOCAL_TOOL_CUES = cueLexicon("local-tool-cues", [
  { pattern: /\baliase?[sd]?\b|\bshortcut (?:for|to)\b/, example: "gs is my alias for git status." },
  {
    pattern:
      /\bon (?:this|my|the) (?:machine|laptop|computer|mac|macbook|pc|box|desktop|workstation|host|vm|raspberry pi|pi|nas|home server|dev box)\b/,
    example: "On this machine, python means python3.",
  },
  {
    pattern:
      /\b(?:my|the|our) (?:work |home |personal |old |new |main |gaming )?(?:machine|laptop|computer|mac|macbook|pc|desktop|workstation|server|nas|phone|tablet|router|raspberry pi)\b (?:runs|has|uses|is running|is on|only has|doesn'?t have|can'?t run)\b/,
    example: "My work laptop runs Windows with WSL.",
  },
  {
    pattern: /\b(?:is|are) installed (?:at|in|under|via|with|through)\b|\binstalled (?:at|in|under) [~/$]/,
    example: "ffmpeg is installed at /opt/homebrew/bin.",
  },
  {
    pattern:
      /\b(?:lives?|is|are|sits?|located|kept|stored|mounted|saved|synced) (?:at|in|under|on|to) (?:~\/|\/[a-z]|[a-z]:\\|\$home)/,
    example: "My notes live in ~/Documents/notes.",
  },
  {
    pattern:
      /\b(?:ssh|log ?in|connect) (?:in)?to (?:the |my )?[\w.-]+ (?:with|as|via|using|on port)\b|\bssh (?:config|key|alias|host)\b/,
    example: "SSH into the NAS as admin via port 2222.",
  },
  {
    pattern:
      /\b(?:the|my|our) (?:[a-z0-9-]+ )?(?:printer|camera|speaker|thermostat|router|nas|tv|lights?|doorbell|vacuum|smart plug|home ?assistant)\b[^.!?]{0,30}\b(?:(?:is|are) (?:called|named|at|on|in|an?)|'s (?:called|named|an?)|(?:ip|address|hostname) is)\b/,
    example: "The kitchen speaker is called Echo-2.",
  },
  {
    pattern:
      /\b(?:my|the) (?:default )?(?:shell|editor|terminal|browser|package manager|python|node|java|docker|kube(?:ctl)? context|aws profile|gpg key|tts voice|voice model|dotfiles)\b (?:is|=|:|lives?)/,
    example: "My default shell is fish.",
  },
  {
    pattern:
      /\b(?:hostname|host name|username|user name|login|home dir(?:ectory)?|home folder|ip(?: address)?|mac address|local address|mount point)\b (?:is|=|:)/,
    example: "The home server's hostname is pi-hole.local.",
  },
  {
    pattern: /\b(?:hostname|ip(?: address)?|mount point|path) (?:of|for|to) (?:the |my )?[\w.-]+ (?:is|=)/,
    example: "The IP of the NAS is 192.168.1.20.",
  },
  {
    pattern: /\b[a-z0-9-]+ (?:command|cli|binary|script|shortcut|hotkey|keyboard shortcut) (?:is|=|:)/,
    example: "The VPN command is vpn up work.",
  },
  {
    pattern:
      /\b(?:cli|command|binary|script|tool|app) (?:is called|is named|called|named)\b|\bthe command (?:for|to) [\w\s]{1,30} is\b/,
    example: "The command to restart the VPN is vpn-up.",
  },
  {
    pattern:
      /(?:这台|我的?|本地的?|家里的?|公司的?|工作的?|办公室的?)(?:电脑|机器|笔记本|服务器|mac|主机|树莓派)(?:上|里)/,
    example: "这台电脑上 python 指的是 python3",
  },
  { pattern: /别名|快捷命令/, example: "gs 是 git status 的别名" },
  {
    pattern: /(?:装|安装)在|路径是|(?:放在|在|位于)\s*[~/]|(?:用|是)\s*[\w.-]+\s*(?:装|安装)的/,
    example: "ffmpeg 装在 /opt/homebrew/bin",
  },
  {
    pattern: /(?:打印机|摄像头|音箱|路由器|智能家居|nas)[^，。！？]{0,10}(?:叫|的?地址是|的? ?ip ?是)/,
    example: "客厅的音箱叫小爱",
  },
]);
