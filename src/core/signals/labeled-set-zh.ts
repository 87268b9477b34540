/**
 * Chinese labelled transcripts for the offline signal detector, in the format parsed by
 * `parseLabeledTranscripts` (see labeled-set.ts): "# id | turn type[/source]; …" then one
 * line per message ("U:", "A:", "T:", "T!:" for a failed tool, "T(Read):" for a named tool).
 */
export const CHINESE_LABELED_TRANSCRIPTS = `
# zh-reject-not-what-want | 2 reject
U: 把首页的轮播图换成静态横幅。
A: 我给轮播图加了自动播放和淡入效果。
U: 这不是我要的效果，我要的是静态横幅。
# zh-reject-still-500 | 2 reject
U: 修一下登录接口的 500 错误。
A: 我在 auth.ts 里加了空值判断，应该好了。
U: 还是报 500，日志里一样的堆栈。
# zh-reject-revert | 2 reject
U: 优化一下 utils/date.ts 的写法。
A: 我把整个文件改成了 class 写法，并调整了所有调用方。
U: 改动太大了，撤销这次修改吧。
# zh-reject-no-use | 2 reject
U: npm install 一直卡住。
A: 试试 npm config set registry https://registry.npmmirror.com。
U: 没用，还是卡在同一个地方。
# zh-reject-budui | 2 reject
U: 帮我写个正则匹配手机号。
A: 可以用 /^1\\d{10}$/ 来匹配。
U: 不对，这个会匹配到 10 开头的号码。
# zh-reject-implicit-restate | 2 reject
U: 帮我把日志输出改成 JSON 格式。
A: 我把日志级别调成了 debug，并加了时间戳。
U: 我要的是日志输出用 JSON 格式。
# zh-reject-i-said | 0 preference; 2 reject
U: 接口返回的时间统一用 UTC。
A: 我把时间都转换成了北京时间。
U: 我说过了要用 UTC。
# zh-reject-slower | 2 reject
U: 页面加载太慢了，优化一下。
A: 我给所有图片加了懒加载。
U: 现在更慢了，首屏白屏好几秒。
# zh-reject-suanle | 2 reject
U: 试试把 webpack 换成 vite。
A: 迁移过程中有 30 多个 require.context 需要改写。
U: 算了，先不换了，保持 webpack。
# zh-reject-again-error | 2 reject
U: 把定时任务改成每小时跑一次。
A: 已把 cron 表达式改为 0 * * * *。
U: 部署后又报错了，说表达式非法。
# zh-correction-not-this-file | 2 correction
U: 把默认端口改成 8080。
A: 已修改 config.json 里的端口。
U: 不是这个文件，应该是 config.yaml。
# zh-correction-dont-use | 2 correction
U: 给项目加上 axios。
A: 执行 npm install axios。
U: 别用 npm，用 pnpm。
# zh-correction-i-mean | 2 correction
U: 把按钮改成蓝色。
A: 已把按钮背景改成 #0000ff。
U: 我的意思是用主题里的 primary 色。
# zh-correction-shi-bushi | 2 correction
U: 连一下测试数据库。
A: 已连接 localhost:5432/app_dev。
U: 测试库是 app_test 不是 app_dev。
# zh-correction-wrong-branch | 2 correction
U: 把修复合并进去。
A: 已经合并到 develop 分支。
U: 分支搞错了，应该合到 release/1.2。
# zh-correction-not-global | 2 correction
U: 给 API 加上限流，每分钟 100 次。
A: 我用 express-rate-limit 加了全局限流。
U: 不是全局的，是按 IP 限流。
# zh-correction-qishi | 2 correction
U: 找一下 Nginx 的配置在哪。
A: 配置在 /etc/nginx/nginx.conf。
U: 其实是在 /usr/local/openresty/nginx/conf 下面，我们用的是 OpenResty。
# zh-constraint-root | 2 constraint
U: 写个部署脚本。
A: 脚本里用 sudo 启动 docker compose。
U: 而且不能用 root 用户跑。
# zh-constraint-buyao-gai | 0 constraint
U: 重构一下订单模块，不要改数据库表结构。
# zh-constraint-bixu | 2 constraint
U: 加一个导出 Excel 的功能。
A: 我用 xlsx 库实现了导出。
U: 导出必须在后台任务里跑，不然接口会超时。
# zh-constraint-no-deps | 0 constraint
U: 实现一个简单的 LRU 缓存，不引入新的依赖。
# zh-constraint-compat | 2 constraint
U: 升级一下 API 的返回格式。
A: 我把 data 字段改名成了 result。
U: 要保持向后兼容，老客户端还在用 data 字段。
# zh-constraint-bie-dong | 2 constraint
U: 把 src/legacy 下的代码格式化一下。
A: 我会用 prettier 格式化整个仓库。
U: 别动其他目录，只格式化 src/legacy。
# zh-constraint-line-limit | 0 constraint
U: 写一个 Python 脚本统计日志里的 IP 访问次数，控制在 50 行以内。
# zh-success-keyile | 2 success
U: Docker 容器连不上宿主机的 MySQL。
A: 把 host 改成 host.docker.internal 试试。
U: 可以了，这次对了。
# zh-success-chenggong | 2 success
U: CI 里的构建一直失败。
A: Node 版本不一致，我把 .nvmrc 改成了 20。
U: 成功了，谢谢！
# zh-success-haole | 2 success
U: 样式错乱了，侧边栏跑到下面去了。
A: 容器少了 display: flex，已补上。
U: 好了，现在正常了。
# zh-success-wanmei | 2 success
U: 把表格改成可以按列排序。
A: 已给每一列表头加了排序按钮。
U: 完美！
# zh-success-after-failing | 2 success
U: 测试一直跑不过。
A: 修复了 mock 的返回值。
U: 之前一直失败，现在终于通过了。
# zh-success-thanks-only | 2 success
U: git 怎么撤销上一次 commit？
A: 用 git reset --soft HEAD~1。
U: 谢谢
# zh-success-bucuo | 2 success
U: 写一个首页的文案。
A: 这是一版简洁风格的文案。
U: 不错，再加一句关于隐私保护的介绍。
# zh-success-gaoding | 2 success
U: 帮我把 husky 的 pre-commit 钩子配好。
A: 已添加 .husky/pre-commit，提交前会跑 lint-staged。
U: 搞定，提交的时候已经自动格式化了。
# zh-confusion-weishenme | 2 confusion
U: 跑一下迁移。
T: No migrations to apply.
U: 为什么会这样？我明明新加了一个迁移文件。
# zh-confusion-shenmeyisi | 2 confusion
U: 配置一下 HTTPS。
A: 你需要先在反向代理层终止 TLS。
U: 终止 TLS 是什么意思？
# zh-confusion-kanbudong | 2 confusion
U: 解释一下这个报错。
A: 这是因为事件循环里的微任务在 render 之前执行了。
U: 没看懂，能说简单点吗？
# zh-confusion-404 | 2 confusion; 2 reject
U: 部署到 staging。
A: 部署完成。
U: 怎么回事，页面全是 404？
# zh-confusion-index | 2 confusion
U: 给订单表加索引。
A: 我给 status 字段加了索引。
U: 不明白为什么加在 status 上，查询都是按 user_id 过滤的。
# zh-preference-gengxihuan | 2 preference
U: 初始化一个前端项目。
A: 我用 npm create vite 初始化。
U: 我更喜欢用 pnpm。
# zh-preference-xiguan | 0 preference
U: 我习惯用 tab 缩进，帮我配置一下 editorconfig。
# zh-preference-youxian | 0 preference
U: 写接口的时候优先用 async/await，少用回调。
# zh-preference-yihou | 2 preference
U: 加个日期格式化函数。
A: 用 moment 实现了 formatDate。
U: 以后都用 dayjs，moment 太大了。
# zh-preference-haishi-ba | 2 preference
U: 用 moment 处理时区。
A: 好的，我用 moment-timezone 实现。
U: 还是用 dayjs 吧，体积小一些。
# zh-preference-team | 2 preference
U: 给这个服务写单元测试。
A: 我用 mocha 写了几个用例。
U: 我们团队一般用 jest，断言风格也统一用 expect。
# zh-self-check | 1 correction/self
U: 统计一下上个月的订单数。
A: 抱歉，我刚才搞错了，之前的 SQL 没有过滤已取消的订单，我来修正。
# zh-self-check-oversight | 1 correction/self
U: 为什么导出的 CSV 少了最后一行？
A: 是我的疏忽，循环条件写成了 i < rows.length - 1，已改为 i < rows.length。
# zh-exec-pnpm-version | 1 reject/exec; 3 success/exec
U: 安装依赖。
T: ERR_PNPM_NO_MATCHING_VERSION  No matching version found for vite@9.0.0
A: vite 9 还没有发布，我把版本改成 ^5.4.0。
T: Done in 4.2s
# zh-exec-build | 1 reject/exec; 3 success/exec; 4 success
U: 打包一下。
T: 构建失败：找不到模块 '@/utils'
A: 路径别名没配置，我在 vite.config.ts 里加上 alias。
T: 构建成功，耗时 8.1s
U: 好了，谢谢。
# zh-long-session | 2 correction; 4 reject/exec; 6 success/exec; 7 success
U: 给 API 加上限流，每个 IP 每分钟 100 次。
A: 我用 express-rate-limit 加了全局限流。
U: 不是全局的，是按 IP 限流。
A: 已改成按 IP 限流。
T!: FAIL tests/rate-limit.test.ts
  ● 超过限制时应返回 429
    期望 429，实际 200
A: 测试里没有设置 trust proxy，我补上。
T: PASS tests/rate-limit.test.ts
U: 跑通了，不错。
# zh-negative-duile-by-the-way
U: 把 README 的安装步骤更新一下。
A: 已更新安装步骤。
U: 对了，顺便把许可证也改成 MIT。
# zh-negative-ni-xihuan
U: 选一个状态管理库。
A: 可以考虑 zustand 或 redux toolkit。
U: 你更喜欢哪个？
# zh-negative-buyaojin
U: 这个警告要不要处理？
A: 这是 peer dependency 的警告，可以忽略。
U: 好的，不要紧就行。
# zh-negative-cha-weishenme
U: 部署脚本跑完了。
A: 脚本执行成功，但健康检查超时。
U: 帮我查一下为什么健康检查会超时。
# zh-negative-zhiyao-jiu-keyi
U: 怎么让 eslint 忽略 dist 目录？
A: 有两种办法，你想用哪种？
U: 你只要在 .eslintignore 里加一行就可以了吧？
# zh-negative-pasted-error
U: 运行的时候报错了：
\`\`\`
Error: listen EADDRINUSE: address already in use :::3000
\`\`\`
帮我看看。
# zh-negative-keyile-question
U: 帮我把接口改成分页的。
A: 已加上 page 和 pageSize 参数。
U: 这样前端可以了吗？还需要改什么？
# zh-negative-new-request
U: 给用户表加一个手机号字段。
A: 已添加 phone 字段和对应的迁移。
U: 另外给用户表加一个邮箱字段。
# zh-negative-tool-zero-errors
U: 跑一下类型检查。
T: 类型检查完成，没有错误。
A: 类型检查通过。
# zh-h-reject-still-home | 2 reject
U: 登录后跳转回原页面。
A: 我在登录成功后调用了 router.back()。
U: 刷新之后还是跳到首页了。
# zh-h-reject-no-change | 2 reject
U: 把按钮的圆角改大一点。
A: 已把 border-radius 改成 8px。
U: 看起来没有任何变化。
# zh-h-correction-by-month | 2 correction
U: 把报表按月份汇总。
A: 已按自然周汇总。
U: 按周汇总不对，得按月。
# zh-h-correction-pool-size | 2 correction
U: 配置一下数据库连接池。
A: 已把最大连接数设为 100。
U: 最大连接数应该是 20，数据库那边有限制。
# zh-h-correction-own-component | 2 correction
U: 给列表加上虚拟滚动。
A: 我引入了 react-window 并重写了列表组件。
U: 不用引入新库，用我们自己的 VirtualList 组件就行。
# zh-h-constraint-no-downtime | 2 constraint
U: 给 orders 表加一列。
A: 我会直接执行 ALTER TABLE。
U: 线上不能停机，表里有几千万行。
# zh-h-constraint-zhineng | 0 constraint
U: 写个清理临时文件的脚本，只能删 /tmp/app 下面的东西。
# zh-h-success-xingle | 2 success
U: 帮我看下为什么 hot reload 不生效。
A: vite.config.ts 里的 server.watch 被禁用了，已打开。
U: 行了，改代码能自动刷新了。
# zh-h-success-meiwenti | 2 success
U: 邮件发送一直超时。
A: SMTP 端口改成 465 并启用了 SSL。
U: 发出去了，没问题。
# zh-h-success-ok | 2 success
U: 帮我修一下 eslint 报的 import 顺序问题。
A: 已配置 import/order 并自动修复。
U: ok了，谢谢
# zh-h-confusion-zenme-lian | 2 confusion
U: 把 README 翻译成英文。
A: 我把代码注释也一起翻译了。
U: 怎么连注释也改了？
# zh-h-confusion-butaidong | 2 confusion
U: 为什么这个组件会重复渲染？
A: 因为父组件每次都会创建新的回调函数引用。
U: 这个我不太懂，能举个例子吗？
# zh-h-preference-functional | 2 preference; 2 constraint
U: 写一个读取配置的函数。
A: 我用了 class 和单例模式。
U: 我比较喜欢函数式的写法，不要用 class。
# zh-h-preference-commit-english | 0 preference
U: 以后提交信息都用英文写。
# zh-h-self-check-export-name | 1 reject/exec; 2 correction/self
U: 跑一下单测。
T!: TypeError: formatPrice is not a function
A: 我之前把 formatPrice 的导出名写错了，我来改一下。
# zh-h-exec-permission | 1 reject/exec; 3 success/exec
U: 把日志目录建好。
T: mkdir: cannot create directory '/var/log/app': Permission denied
A: 没有权限，改用 sudo 创建。
T: 目录已创建。
# zh-h-negative-shibushi
U: 帮我看看这个正则。
A: 这个正则会匹配空字符串。
U: 是不是应该加个 + 号？
# zh-h-negative-haode
U: 把这个函数拆成两个。
A: 拆分后会影响三个调用点，要一起改吗？
U: 好的，一起改吧。
# zh-h-negative-bieren
U: 这个模块是别人写的，我不太熟。
A: 我先梳理一下它的结构。
U: 嗯，先看看入口文件。
# zh-h2-reject-same-as-before | 2 reject
U: 修复移动端按钮点击没反应的问题。
A: 给按钮加了 touchstart 事件。
U: 在 iPhone 上试了，跟之前一样。
# zh-h2-reject-bie-zheyang | 2 reject
U: 优化一下首页的接口调用。
A: 我把五个接口合并成了一个新的聚合接口。
U: 别这样改，后端不会给我们加新接口。
# zh-h2-correction-env-file | 2 correction
U: 把环境变量加到 .env 里。
A: 已添加到 .env.local。
U: 要加到 .env.production，线上用的是那个。
# zh-h2-correction-minutes | 2 correction
U: 把超时时间调成 30 分钟。
A: 已把 timeout 设置为 30 秒。
U: 不是 30 秒，是 30 分钟。
# zh-h2-constraint-generated | 2 constraint
U: 修一下这个类型错误。
A: 我把 types.d.ts 里的 User 类型改了。
U: types.d.ts 是自动生成的，不能手动改。
# zh-h2-constraint-upload | 0 constraint
U: 写一个上传组件，文件大小不能超过 10MB，只允许图片格式。
# zh-h2-success-taihaole | 2 success
U: 把构建时间从 5 分钟降下来。
A: 开启了 esbuild-loader 和缓存。
U: 现在只要 40 秒了，太好了！
# zh-h2-success-jiuyao | 2 success
U: 把时间显示改成相对时间。
A: 已用 dayjs 的 relativeTime 插件显示成"3 分钟前"这种格式。
U: 嗯，就要这种效果。
# zh-h2-confusion-shisha | 3 confusion
U: 安装一下依赖。
T: WARN  Issues with peer dependencies found
A: 有一些 peer 依赖的警告。
U: 这些警告是啥？要处理吗？
# zh-h2-preference-biome | 2 preference; 2 correction
U: 给项目加个格式化工具。
A: 我加了 prettier。
U: 我们一直用 biome，别装 prettier 了。
# zh-h2-self-check-youwu | 1 correction/self
U: 这个接口为什么返回 401？
A: 我刚才理解有误，token 其实是放在 cookie 里，不是 Authorization 头。
# zh-h2-exec-container | 1 reject/exec; 3 success/exec
U: 启动数据库容器。
T: docker: Error response from daemon: Conflict. The container name "/pg" is already in use.
A: 已存在同名容器，我先删掉旧容器再启动。
T: 容器 pg 已启动
# zh-h2-preference-haishi-redis | 2 preference
U: 缓存用 Redis 还是 Memcached？
A: 看你们的运维情况，两个都可以。
U: 那还是先用 Redis 了，运维比较熟。
# zh-h2-negative-meiwenti-permission
U: 帮我把这三个文件合并。
A: 合并后会覆盖 utils.ts，可以吗？
U: 没问题。
# zh-h2-negative-budong-first
U: 我不懂 Rust，帮我把这段 Python 改写成 Rust。
# zh-h2-negative-xingle-question
U: 把端口改成 8081。
A: 已改。
U: 这样就行了？不用重启吗？
# zh-h3-reject-meiyong | 2 reject
U: 首页白屏，帮我看看。
A: 我把 React 降级到了 17。
U: 降级也没用，控制台还是一片红。
# zh-h3-reject-zhe-bu-shi | 2 reject
U: 帮我把导航栏固定在顶部。
A: 我把导航栏改成了侧边栏。
U: 这根本不是我要的，我只是想让它固定在顶部。
# zh-h3-correction-port | 2 correction
U: 把服务部署到测试环境。
A: 已部署到 test-01 服务器的 80 端口。
U: 不是 80 端口，测试环境统一用 8080。
# zh-h3-correction-bie-yong-fetch | 2 correction
U: 写个请求封装。
A: 我用原生 fetch 封装了一个 request 函数。
U: 别用 fetch，项目里已经有 axios 实例了，用那个。
# zh-h3-constraint-bixu-ts | 0 constraint
U: 新写的模块必须用 TypeScript，并且要有单元测试。
# zh-h3-constraint-buyao-tijiao | 2 constraint
U: 把密钥配置好。
A: 我把密钥写进了 config/prod.json。
U: 密钥不要提交到仓库里，放到环境变量。
# zh-h3-success-chenggong-le | 2 success
U: 支付回调一直验签失败。
A: 回调里用了解析后的 body，我改成用原始 body 验签。
U: 验签成功了，太感谢了！
# zh-h3-success-dui | 2 success
U: 把金额显示成千分位格式。
A: 已用 Intl.NumberFormat 格式化，比如 1,234,567.00。
U: 对，就是这样。
# zh-h3-confusion-shenme-yisi | 2 confusion
U: 帮我优化 SQL。
A: 这个查询存在回表问题，建议加覆盖索引。
U: 回表是什么意思？
# zh-h3-preference-xihuan-jianjie | 2 preference
U: 给这个函数写注释。
A: 我写了一段详细的 JSDoc，包括每个参数的示例。
U: 我喜欢简洁一点的注释，一两行就够了。
# zh-h3-self-check | 1 correction/self
U: 为什么分页的总数不对？
A: 我之前写的 count 查询漏掉了 where 条件，所以总数包含了已删除的数据。
# zh-h3-exec | 1 reject/exec; 3 success/exec
U: 跑一下数据库迁移。
T!: Error: P1001: Can't reach database server at \`localhost:5432\`
A: 数据库没启动，我先用 docker compose 启动 postgres。
T: 迁移执行成功，应用了 3 个迁移。
# zh-h3-negative-keyi-ma
U: 我想把项目从 webpack 迁到 vite，可以吗？
# zh-h3-negative-haode-jixu
U: 先把接口文档列一下。
A: 列好了，共 12 个接口。
U: 好的，继续写第一个接口的实现。
# zh-h3-negative-weishenme-request
U: 我想知道为什么 Node 的事件循环要分这么多阶段，给我讲讲。
# zh-h3-negative-buyao-question
U: 帮我升级 React 到 19。
A: 升级会影响 5 个第三方组件，要不要先列出来？
U: 要，先列出来看看。
# zh-s-constraint-two-prohibitions | 3 reject/exec; 4 constraint
U: 把开发服务器的端口改成 8080，然后启动它
A: 好的，我先修改端口配置。
T(Edit): The file /work/demo-app/vite.config.ts has been updated.
T!: sudo: a terminal is required to read the password
U: 而且不能用 root 用户运行开发服务器，不要用 sudo。
# zh-s-constraint-two-prohibitions-also | 2 constraint
U: 帮我把定时任务配置好。
A: 我写了一个 crontab，用 sudo 以 root 身份运行备份脚本。
U: 不能用 root 跑，也不要用 sudo
# zh-s-constraint-app-start | 2 constraint
U: 帮我写个启动脚本。
A: 脚本会先切到 root 再启动服务。
U: 应用启动时，不要用 sudo
# zh-s-correction-only-for | 2 correction
U: 把会话超时改成 30 分钟。
A: 我改了 config.json 里的超时时间。
U: config.json 只给旧的 CLI 用，应用读的是 config.yaml
# zh-s-correction-app-reads | 2 correction
U: 把日志级别调成 debug。
A: 已修改 settings.json 里的 logLevel。
U: 不是这个文件，应用读的是 settings.yaml
# zh-s-correction-only-use | 2 correction
U: 安装一下依赖。
A: 我用 npm install 安装依赖。
U: 只能用 pnpm，不要用 npm
# zh-s-correction-cannot-use-use | 2 correction
U: 把服务跑起来。
A: 我用 root 用户启动了服务。
U: 不能用 root 运行，要用普通用户
# zh-s-constraint-buxu-buyao | 2 constraint
U: 帮我连上数据库看看表结构。
A: 我用 root 账号连上了数据库。
U: 不许用 root 账号，不要 sudo
# zh-s-correction-only-for-pipeline | 2 correction
U: 更新一下锁文件。
A: 我更新了 package-lock.json。
U: package-lock.json 只是给旧流水线用的，我们用 pnpm-lock.yaml
# zh-l-correction-split | 2 correction; 2 preference
U: 订单列表的下单时间显示成 YYYY-MM-DD HH:mm
A: 我用 moment 格式化了下单时间。
U: 别用 moment，太大了。我更喜欢用 dayjs，项目里已经有了
# zh-l-correction-split-script | 1 reject/exec; 2 correction
U: 客户列表的分页有 bug，帮我修一下
T!: Error: page.goto: net::ERR_CONNECTION_REFUSED at http://localhost:4000/
U: 不要跑 pnpm test，那个会把 e2e 也跑了。只跑单元测试用 pnpm test:unit
# zh-l-correction-yao-gai | 2 correction
U: 本地调试的时候 redis 超时太短了，改成 5 秒
A: 已把 application.yml 里的 timeout 改成 5000。
U: 不是这个文件，本地开发要改 application-dev.yml，application.yml 是线上的默认配置
# zh-l-correction-qie-dao | 1 reject/exec; 2 correction
U: 启动后台管理
T!: error vite@5.4.11: The engine "node" is incompatible with this module.
U: 项目已经升级到 node 20 了，不要再切到 16，用 nvm use 20
# zh-l-constraint-two-prohibitions-split | 2 constraint
U: 重启一下开发服务器
A: 我用 sudo systemctl restart 重启了。
U: 不能用 root 用户运行开发服务。也不要用 sudo。
# zh-g-praise
U: 给计费服务起个名字
A: 叫 ledger 怎么样？简短，也说明了它记什么。
U: 这个名字有意思，简短好记
# zh-g-enthusiasm
U: 把加载动画改成品牌色
A: 加载动画现在用的是 --brand-500。
U: 哈哈，就是我想要的颜色！
# zh-g-restated-request
U: 在设置页面加一个深色模式开关
A: 我在 README 里加了主题说明。
U: 我要的是深色模式的开关，放在偏好里
# zh-g-repeated-question
U: 导入的时候会保留原来的时间戳吗？
A: 导入器会逐行读取 JSONL 文件。
U: 导入的时候时间戳会保留下来吗？
# zh-g-topic-switch
U: 推荐一个做仪表盘的图表库
A: 可以用 Recharts，锁文件里已经有了。
U: 今天北京下大雨，航班全部取消
`;
