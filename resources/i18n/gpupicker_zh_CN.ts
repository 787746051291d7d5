<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>About</name>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="218" />
        <source>About gpupicker</source>
        <translation>关于 gpupicker</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="219" />
        <source>gpupicker tells you which GPU to use for an AI job, how much memory it needs, how fast it runs and what it costs — offline, from a catalog you can edit.</source>
        <translation>gpupicker 告诉您 AI 任务该用哪种 GPU、需要多少显存、跑多快、花多少钱——完全离线，基于您可以编辑的价格库。</translation>
    </message>
<message>
        <source>prices observed up to %1</source>
        <translation>价格采集日期截至 %1</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Commit</source>
        <translation>提交</translation>
    </message>
    <message>
        <source>Bundled catalog data</source>
        <translation>内置价格库数据</translation>
    </message>
    <message>
        <source>Qt / PySide6</source>
        <translation>Qt / PySide6</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>Catalog</source>
        <translation>价格库</translation>
    </message>
    <message>
        <source>Log folder</source>
        <translation>日志文件夹</translation>
    </message>
    <message>
        <source>Licences</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>Built</source>
        <translation>构建时间</translation>
    </message>
    <message>
        <source>gpupicker is free software under the MIT licence. It includes Qt and PySide6 under the GNU LGPL 3.0 and other third-party components under their own licences; the file named under Licences has every notice, the licence texts and how to replace the Qt libraries.</source>
        <translation>gpupicker 是采用 MIT 许可证的自由软件。它包含采用 GNU LGPL 3.0 许可证的 Qt 和 PySide6，以及采用各自许可证的其他第三方组件；“许可证”一项所指的文件列出了全部声明、许可证全文以及替换 Qt 库的方法。</translation>
    </message>
</context>
<context>
    <name>BudgetPage</name>
    <message>
        <source>No GPU in the catalog matches “%1”.</source>
        <translation>价格库中没有与“%1”匹配的 GPU。</translation>
    </message>
    <message>
        <source>With a preferred GPU: the work that GPU does in these hours, and every other option's hours from its own speed. Without one: every option runs these hours, so they do different amounts of work; give the dataset size to compare the same work.</source>
        <translation>选了首选 GPU：按该 GPU 在这些小时内完成的工作量计算，其他方案的时长按各自的速度推算。未选：每个方案都运行这些小时，完成的工作量不同；填写数据集大小才能比较相同的工作量。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="641" />
        <source> M tokens</source>
        <translation> 百万 token</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="609" />
        <source>Budget and time</source>
        <translation>预算与时间</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="610" />
        <source>Limits are optional: leave a field at “No limit” to see every option.</source>
        <translation>限制是可选的：保持“不限”即可查看所有方案。</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="616" />
        <source> / hour</source>
        <translation> / 小时</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="621" />
        <location filename="../../gpupicker/ui/wizard_pages.py" line="659" />
        <source> h</source>
        <translation> 小时</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="622" />
        <source>No deadline</source>
        <translation>无截止时间</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="632" />
        <source>Any GPU</source>
        <translation>任意 GPU</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="635" />
        <source>A GPU you own or prefer: if the job does not fit it, the results list what to change.</source>
        <translation>您拥有或偏好的 GPU：如果任务显存不足，结果页会列出需要调整的地方。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="643" />
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="651" />
        <source> / min</source>
        <translation> / 分钟</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="652" />
        <source>Not serving (one batch)</source>
        <translation>不做在线服务（单批推理）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="654" />
        <source>Serving load: with a request rate the results size replicas for it and show the monthly cost and the cost per million tokens.</source>
        <translation>服务负载：设置请求速率后，结果会按此估算所需副本数，并显示月成本和每百万 token 成本。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="660" />
        <source>From dataset size</source>
        <translation>按数据集大小计算</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="662" />
        <source>Money</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>&amp;Total budget (%1):</source>
        <translation>总预算（%1）(&amp;T)：</translation>
    </message>
    <message>
        <source>Max &amp;price per hour (%1):</source>
        <translation>每小时最高价格（%1）(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="668" />
        <source>P&amp;ricing:</source>
        <translation>计费方式(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="669" />
        <source>G&amp;oal:</source>
        <translation>目标(&amp;O)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="670" />
        <source>Preferred or owned GP&amp;U:</source>
        <translation>首选 / 自有 GPU(&amp;U)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="671" />
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="673" />
        <source>&amp;Deadline:</source>
        <translation>截止时间(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="674" />
        <source>Data&amp;set size:</source>
        <translation>数据集大小(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="676" />
        <source>&amp;Epochs:</source>
        <translation>训练轮数(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="678" />
        <source>Re&amp;quests per minute:</source>
        <translation>每分钟请求数(&amp;Q)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="680" />
        <location filename="../../gpupicker/ui/wizard_pages.py" line="726" />
        <source>…or planned run &amp;length:</source>
        <translation>…或计划运行时长(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="727" />
        <source>Planned run &amp;length:</source>
        <translation>计划运行时长(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Total budget:</source>
        <translation>总预算(&amp;T)：</translation>
    </message>
    <message>
        <source>Max &amp;price per hour:</source>
        <translation>每小时最高价格(&amp;P)：</translation>
    </message>
    <message>
        <source>Anywhere</source>
        <translation>不限地区</translation>
    </message>
    <message>
        <source>China (CN) only</source>
        <translation>仅中国境内（CN）</translation>
    </message>
    <message>
        <source>United States (US) only</source>
        <translation>仅美国（US）</translation>
    </message>
    <message>
        <source>EU only</source>
        <translation>仅欧盟（EU）</translation>
    </message>
    <message>
        <source>Keep only offers of providers in this country or region; the results say when an option elsewhere is cheaper.</source>
        <translation>只保留该国家或地区服务商的报价；若其他地区有更便宜的方案，结果中会说明。</translation>
    </message>
    <message>
        <source>Pro&amp;viders in:</source>
        <translation>服务商所在地(&amp;V)：</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="653" />
        <source>How many of the preferred GPU you have or want: the fit check and the advice are for this many.</source>
        <translation>您拥有或打算使用的首选 GPU 数量：是否显存够用的判断和调整建议都按这个数量计算。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="690" />
        <source>GPU &amp;count:</source>
        <translation>GPU 数量(&amp;C)：</translation>
    </message>
        <message>
        <source>Not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>All providers</source>
        <translation>全部服务商</translation>
    </message>
    <message>
        <source>Keep only offers of these providers, separated by commas (e.g. AutoDL); the catalog's or the Chinese names, in any case.</source>
        <translation>只看这些服务商的报价，多个用逗号或顿号分隔（如 AutoDL）；可填价格库中的名称或中文名，不区分大小写。</translation>
    </message>
    <message>
        <source>Onl&amp;y providers:</source>
        <translation>仅限服务商(&amp;Y)：</translation>
    </message>
</context>
<context>
    <name>Catalog</name>
    <message>
        <source>PCIe (no NVLink)</source>
        <translation>PCIe（无 NVLink）</translation>
    </message>
    <message>
        <source>PCIe + NVLink bridge</source>
        <translation>PCIe + NVLink 桥接</translation>
    </message>
    <message>
        <source>PCIe + NVLink bridge (capped)</source>
        <translation>PCIe + NVLink 桥接（限速）</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPU id: %1 (what the CSV and the CLI use)</source>
        <translation>GPU 标识：%1（CSV 与命令行使用此标识）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_access.py" line="78" />
        <source>Not saved — the catalog file cannot be written (read-only file or folder, or the disk is full): %1</source>
        <translation>未保存：无法写入价格库文件（文件或文件夹只读，或磁盘已满）：%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_access.py" line="80" />
        <location filename="../../gpupicker/ui/catalog_models.py" line="235" />
        <source>Not saved — %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="272" />
        <source>Edit %1</source>
        <translation>编辑 %1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="324" />
        <source>Not saved — another program changed this row (%1). The table now shows the current values; edit again if needed.</source>
        <translation>未保存：另一个程序修改了这一行（%1）。表格现在显示当前值；如有需要请重新编辑。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="363" />
        <source>Add row</source>
        <translation>添加行</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="375" />
        <source>Delete row</source>
        <translation>删除行</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="499" />
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="500" />
        <source>Region</source>
        <translation>地区</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="501" />
        <source>Pricing</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="502" />
        <source>Price / GPU-hour</source>
        <translation>每卡时价格</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="503" />
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="504" />
        <source>GPUs / instance</source>
        <translation>每实例 GPU 数</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="505" />
        <source>Observed</source>
        <translation>采集日期</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="506" />
        <location filename="../../gpupicker/ui/catalog_models.py" line="599" />
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="507" />
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="545" />
        <source>date unknown</source>
        <translation>日期未知</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="547" />
        <source>%1 mo old</source>
        <translation>%1 个月前</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="560" />
        <source>When this price was seen is unknown: check the provider's current price.</source>
        <translation>该价格的采集时间未知：请核对服务商的当前价格。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="562" />
        <source>Observed %1 months ago (older than %2): check the provider's current price.</source>
        <translation>%1 个月前采集（超过 %2 个月）：请核对服务商的当前价格。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="570" />
        <source>My provider</source>
        <translation>我的服务商</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="590" />
        <location filename="../../gpupicker/ui/catalog_models.py" line="639" />
        <source>Id</source>
        <translation>标识</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="591" />
        <location filename="../../gpupicker/ui/catalog_models.py" line="640" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="592" />
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="593" />
        <source>Memory (GB)</source>
        <translation>显存（GB）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="594" />
        <source>Bandwidth (GB/s)</source>
        <translation>带宽（GB/s）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="595" />
        <source>BF16 TFLOPS</source>
        <translation>BF16 TFLOPS</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="596" />
        <source>FP8 TFLOPS</source>
        <translation>FP8 TFLOPS</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="597" />
        <source>Power (W)</source>
        <translation>功耗（W）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="598" />
        <source>Interconnect</source>
        <translation>互联</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="599" />
        <source>Year</source>
        <translation>年份</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="613" />
        <source>My GPU</source>
        <translation>我的 GPU</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="641" />
        <source>Family</source>
        <translation>系列</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="668" />
        <source>My model</source>
        <translation>我的模型</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="642" />
        <source>Parameters (B)</source>
        <translation>参数量（B）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="643" />
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="644" />
        <source>Hidden size</source>
        <translation>隐藏层维度（hidden_size）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="645" />
        <source>MLP size</source>
        <translation>FFN 中间层维度（intermediate_size）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="646" />
        <source>Heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="647" />
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="648" />
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="649" />
        <source>Context (tokens)</source>
        <translation>上下文（token）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="650" />
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="1" />
        <source>Kind of price</source>
        <translation>价格类型</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="1" />
        <source>provider list price</source>
        <translation>云服务商标价</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="1" />
        <source>marketplace listing</source>
        <translation>市场挂牌价</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="1" />
        <source>scraped aggregate</source>
        <translation>抓取汇总价</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="1" />
        <source>quoted in a guide</source>
        <translation>指南引用价</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="1" />
        <source>your own price</source>
        <translation>您自己的价格</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="1" />
        <source>your own hardware</source>
        <translation>您自己的硬件</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_editor/messages.py" line="1" />
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>CatalogTab</name>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="46" />
        <source>Filter rows (any column)…</source>
        <translation>筛选行（任意列）…</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="66" />
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="67" />
        <source>D&amp;uplicate</source>
        <translation>复制(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="68" />
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="69" />
        <source>&amp;Reset to default</source>
        <translation>恢复默认(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="70" />
        <source>Put the selected rows back to the bundled values (rows you added have no default). Bold rows are yours.</source>
        <translation>把所选行恢复为内置数据（您添加的行没有默认值）。粗体行是您修改过的。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="73" />
        <source>&amp;History…</source>
        <translation>历史(&amp;H)…</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="120" />
        <source>%1 of %2 rows</source>
        <translation>%1 / %2 行</translation>
    </message>
</context>
<context>
    <name>CatalogWindow</name>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>CSV files and price ledgers (*.csv *.json);;All files (*)</source>
        <translation>CSV 文件与价格账本 (*.csv *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="164" />
        <source>gpupicker — catalog</source>
        <translation>gpupicker——价格与型号库</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="175" />
        <source>&amp;Prices</source>
        <translation>价格(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="176" />
        <source>&amp;GPUs</source>
        <translation>GPU(&amp;G)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="177" />
        <source>&amp;Models</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="191" />
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="193" />
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="195" />
        <source>&amp;Import CSV…</source>
        <translation>导入 CSV(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="196" />
        <source>&amp;Export CSV…</source>
        <translation>导出 CSV(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="197" />
        <source>E&amp;xchange rates…</source>
        <translation>汇率(&amp;X)…</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="198" />
        <source>Reset &amp;all to defaults…</source>
        <translation>全部恢复为默认(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="200" />
        <source>Make GPUs, models and prices exactly the bundled catalog again. Your rows and price history are removed; a backup is written first and exchange rates are kept.</source>
        <translation>将 GPU、模型和价格完全恢复为内置价格库。您添加的行和价格历史将被删除；操作前会先写入备份，汇率设置保留。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="203" />
        <source>Catalog</source>
        <translation>价格库</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="213" />
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="233" />
        <source>This catalog is read-only (%1): you can browse and export it, but edits cannot be saved. Make the file and its folder writable, or set GPUPICKER_HOME to a writable folder, and restart.</source>
        <translation>此价格库为只读（%1）：可以浏览和导出，但无法保存修改。请让文件及其文件夹可写，或把 GPUPICKER_HOME 设为可写的文件夹，然后重启。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="287" />
        <source>⚠ %1 prices older than %2 months or undated</source>
        <translation>⚠ %1 条价格超过 %2 个月或无日期</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="320" />
        <source>Reset %1 rows to the bundled values.</source>
        <translation>已将 %1 行恢复为内置数据。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="322" />
        <source>Not reset: %1</source>
        <translation>未恢复：%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="329" />
        <source>Reset the whole catalog?</source>
        <translation>重置整个价格库？</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="330" />
        <source>Every GPU, model and price goes back to the bundled values; your own rows and the price history are removed. A backup is written first (restore it with 'gpupicker catalog restore'). Continue?</source>
        <translation>所有 GPU、模型和价格都将恢复为内置值；您自己的行和价格历史将被删除。操作前会先写入备份（可用 'gpupicker catalog restore' 恢复）。是否继续？</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="354" />
        <source>Catalog reset to the bundled defaults; backup: %1</source>
        <translation>价格库已恢复为内置默认值；备份：%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="390" />
        <source>Not exported — %1</source>
        <translation>未导出：%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="393" />
        <source>Exported %1 to %2</source>
        <translation>已将 %1 导出到 %2</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="399" />
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="400" />
        <location filename="../../gpupicker/ui/catalog_window.py" line="419" />
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="418" />
        <source>Import CSV</source>
        <translation>导入 CSV</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="429" />
        <source>Imported %1 rows into %2</source>
        <translation>已向 %2 导入 %1 行</translation>
    </message>
    <message>
        <source>A large price catalog</source>
        <translation>价格库很大</translation>
    </message>
    <message>
        <source>The catalog now holds %1 current prices. Every ranking reads them all: about %2 s at each start and after each catalog change. Delete the providers you do not use, or keep them in a catalog of their own.</source>
        <translation>价格库现有 %1 条当前价格。每次排序都会全部读取：每次启动和每次修改价格库后约需 %2 秒。请删除不用的服务商，或把它们放在单独的价格库中。</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="1" />
        <source>&amp;Owned GPUs</source>
        <translation>自有 GPU(&amp;O)</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="205" />
        <source>&amp;Back up now</source>
        <translation>立即备份(&amp;B)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="205" />
        <source>Restore a &amp;backup…</source>
        <translation>从备份恢复(&amp;B)…</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="205" />
        <source>Replace the catalog with one of its backups (the last 10 are kept); the current catalog is backed up first.</source>
        <translation>用某个备份替换价格库（保留最近 10 个备份）；替换前会先备份当前价格库。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="205" />
        <source>Backup written: %1</source>
        <translation>已写入备份：%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="205" />
        <source>Restore a backup</source>
        <translation>从备份恢复</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="205" />
        <source>Replace the catalog with this backup (the current catalog is backed up first):</source>
        <translation>用此备份替换价格库（替换前会先备份当前价格库）：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="205" />
        <source>No backups yet: use Back up now first.</source>
        <translation>还没有备份：请先使用“立即备份”。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="205" />
        <source>Not restored — %1</source>
        <translation>未恢复：%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="205" />
        <source>Restored the backup %1.</source>
        <translation>已从备份 %1 恢复。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/catalog_window.py" line="205" />
        <source>The catalog before it was saved as %1.</source>
        <translation>恢复前的价格库已保存为 %1。</translation>
    </message>
    </context>
<context>
    <name>Components</name>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="40" />
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="41" />
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="42" />
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="43" />
        <source>Logits / loss (fp32)</source>
        <translation>Logits / 损失（fp32）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="44" />
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="45" />
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="46" />
        <source>LoRA adapters</source>
        <translation>LoRA 适配器</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="47" />
        <source>Dequantization workspace</source>
        <translation>反量化工作区</translation>
    </message>
    <message>
        <source>Optimizer-step temporaries</source>
        <translation>优化器步临时缓冲</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="48" />
        <source>Engine reserve</source>
        <translation>引擎预留</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="49" />
        <source>Allocator overhead</source>
        <translation>分配器开销</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="50" />
        <source>CUDA context</source>
        <translation>CUDA 上下文</translation>
    </message>
</context>
<context>
    <name>CoreText</name>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="69" />
        <source>that is the GPU × count you chose</source>
        <translation>正是您选的 GPU × 数量</translation>
    </message>
    <message>
        <source>bf16 and fp16 are off: axolotl trains in fp32 (float32 weights, no autocast); memory counts fp32 states, but the speed is timed at the GPU's 16-bit matmul peak (fp32 and TF32 rates are not modelled), so the time shown is too short</source>
        <translation>bf16 与 fp16 均关闭：axolotl 以 fp32 训练（float32 权重，不用 autocast）；显存按 fp32 状态计算，但速度仍按 GPU 的 16 位矩阵乘峰值计时（未建模 fp32 与 TF32 的速率），因此显示的时间偏短</translation>
    </message>
    <message>
        <source>TGI: KV pool sized with vLLM's model at {frac} of each GPU's memory (--cuda-memory-fraction {frac}); TGI's own default is 1.0 and it sizes its pool after a warm-up prefill, which is not modelled</source>
        <translation>TGI：KV 池按 vLLM 的模型以每张 GPU 显存的 {frac} 估算（--cuda-memory-fraction {frac}）；TGI 自己的默认值为 1.0，并在预热 prefill 之后确定 KV 池大小，这一点未建模</translation>
    </message>
    <message>
        <source>MindIE has no memory-fraction key; the estimate sizes its KV pool with vLLM's model at this share of each GPU's memory (0.90 unless set)</source>
        <translation>MindIE 没有显存比例配置项；估算按 vLLM 的模型以每张 GPU 显存的这一比例（未设置时为 0.90）确定其 KV 池大小</translation>
    </message>
    <message>
        <source>the share of the memory free after the weights are loaded that the KV cache takes (default 0.80, used while this is not set)</source>
        <translation>权重加载后 KV 缓存占用的剩余空闲显存比例（默认 0.80，未设置时使用）</translation>
    </message>
    <message>
        <source>the share of the memory free after the engine is loaded that the KV cache takes (default 0.90, used while this is not set)</source>
        <translation>引擎加载后 KV 缓存占用的剩余空闲显存比例（默认 0.90，未设置时使用）</translation>
    </message>
    <message>
        <source>TGI's share of each GPU's memory (TGI's default 1.0); the estimate sizes TGI's KV pool with vLLM's model at the value shown (0.90 unless set), not with TGI's own warm-up</source>
        <translation>TGI 可用的每张 GPU 显存比例（TGI 默认 1.0）；估算按 vLLM 的模型以所示数值（未设置时为 0.90）确定 TGI 的 KV 池大小，而不是按 TGI 自己的预热过程</translation>
    </message>
    <message>
        <source>the share of the memory free at start-up SGLang takes for weights and the KV pool (default 0.79–0.88 by tensor-parallel size, used while this is not set)</source>
        <translation>SGLang 为权重和 KV 池占用的启动时空闲显存比例（默认按张量并行规模为 0.79–0.88，未设置时使用）</translation>
    </message>
    <message>
        <source>the share of each GPU's memory the server takes for weights and the KV cache pool; the rest stays free for other programs (default 0.90)</source>
        <translation>服务器为权重和 KV 缓存池占用的每张 GPU 显存比例；其余留给其他程序（默认 0.90）</translation>
    </message>
    <message>
        <source>vLLM {version} ({engine} engine, OpenAI-server defaults)</source>
        <translation>vLLM {version}（{engine} 引擎，OpenAI 服务器默认设置）</translation>
    </message>
    <message>
        <source>vLLM version not named in environment: taken to be {since} or newer (V1 engine, OpenAI-server defaults)</source>
        <translation>运行环境中未写明 vLLM 版本：按 {since} 或更新版本计算（V1 引擎，OpenAI 服务器默认设置）</translation>
    </message>
    <message>
        <source>Your {gpu} × {count}: #{rank}, does not fit ({gib} GiB per GPU)</source>
        <translation>您的 {gpu} × {count}：排第 {rank} 名，显存不够（单卡需 {gib} GiB）</translation>
    </message>
    <message>
        <source>Your {gpu} × {count}: #{rank}, fits ({gib} GiB per GPU)</source>
        <translation>您的 {gpu} × {count}：排第 {rank} 名，显存够用（单卡 {gib} GiB）</translation>
    </message>
    <message>
        <source>One row per GPU type: {count} other GPU counts and offers of the same types are not shown</source>
        <translation>每种 GPU 只列一行：同类型的其他 {count} 种 GPU 数量与报价未列出</translation>
    </message>
    <message>
        <source>In {dtype} the model fits one 24 GB card, but the requests need {n} of them (one replica per card)</source>
        <translation>在 {dtype} 下模型可放入单张 24 GB 显卡，但请求负载需要 {n} 张（每张一个副本）</translation>
    </message>
    <message>
        <source>unknown pricing {pricing}; choose one of {choices}</source>
        <translation>未知的计费方式 {pricing}；可选：{choices}</translation>
    </message>
    <message>
        <source>currency {currency} is not used: a workload's money (budget_usd, max_usd_per_hour) is in US dollars ('USD'); amounts are shown in the catalog's display currency (gpupicker catalog currency CODE)</source>
        <translation>币种 {currency} 不会被使用：任务配置中的金额（budget_usd、max_usd_per_hour）以美元（'USD'）计；金额按价格库的显示币种显示（gpupicker catalog currency CODE）</translation>
    </message>
    <message>
        <source>Engine version not named in environment: taken to be {since} or newer, whose batch-1 16-bit GEMMs on Hopper stream at the bandwidth (older versions computed 64-row tensor-core tiles: slower on the H20)</source>
        <translation>运行环境中未写明引擎版本：按 {since} 或更新版本计算，其在 Hopper 上批大小 1 的 16 位 GEMM 以显存带宽读取权重（更早的版本按 64 行张量核心分块计算：在 H20 上更慢）</translation>
    </message>
    <message>
        <source>{attention} attention copies K and V out to every query head ({heads} query / KV heads) at every step (repeat_kv): the KV cache moves {x}× per token</source>
        <translation>{attention} 注意力每一步把 K 和 V 复制给每个查询头（查询头 / KV 头 {heads}，repeat_kv）：每个 token 搬运 {x} 倍 KV 缓存</translation>
    </message>
    <message>
        <source>Marlin int4/int8 kernels compute at least {rows} rows (m16n8k16 tensor-core tiles), so the decode GEMMs at batch {b} take {ms} ms of tensor time per step on the {arch} GPU</source>
        <translation>Marlin int4/int8 内核至少计算 {rows} 行（m16n8k16 张量核心分块），因此在 {arch} GPU 上批大小 {b} 时解码 GEMM 每步占用 {ms} ms 张量核心时间</translation>
    </message>
    <message>
        <source>Engine version not named in environment: taken to be {since} or newer, whose Marlin AWQ/GPTQ kernels compute 8-row tiles at batch 8 or less (older versions computed 16 rows: slower on GPUs with few tensor FLOPs per byte, such as the H20)</source>
        <translation>运行环境中未写明引擎版本：按 {since} 或更新版本计算，其 Marlin AWQ/GPTQ 内核在批大小不超过 8 时按 8 行分块计算（更早的版本按 16 行计算：在每字节张量算力低的 GPU（如 H20）上更慢）</translation>
    </message>
    <message>
        <source>{arch} tensor-core GEMMs compute at least {rows} rows (warpgroup MMA), so the 16-bit decode GEMMs at batch {b} take {ms} ms of tensor time per step</source>
        <translation>{arch} 的张量核心 GEMM 至少计算 {rows} 行（线程束组矩阵乘加指令），因此批大小 {b} 时 16 位解码 GEMM 每步占用 {ms} ms 张量核心时间</translation>
    </message>
    <message>
        <source>FP8 checkpoint of a model with tied embeddings: the 16-bit lm_head is held as its own {gib} GiB copy of the embedding (Qwen3 FP8 speed-benchmark peaks)</source>
        <translation>词嵌入共享（tied）模型的 FP8 权重：16 位 lm_head 另存一份 {gib} GiB 的词嵌入副本（Qwen3 FP8 速度基准的峰值实测）</translation>
    </message>
    <message>
        <source>host RAM bandwidth ({gbps} GB/s) limits decode</source>
        <translation>内存带宽（{gbps} GB/s）限制解码速度</translation>
    </message>
    <message>
        <source>With the KV cache in host RAM, prompt attention also runs on the CPU; that cost is not modelled (expect slower prompts)</source>
        <translation>KV 缓存在内存中时，预填充的注意力也在 CPU 上计算；这部分开销未建模（预填充会更慢）</translation>
    </message>
    <message>
        <source>Prompt processing copies the {gib} GiB in host RAM to the GPU once per 512-token micro-batch ({chunks} ×, pageable copy over PCIe ≈ {gbps} GB/s)</source>
        <translation>预填充时每个 512 token 的微批次都把内存中的 {gib} GiB 复制到 GPU 一次（{chunks} 次，经 PCIe 从可分页内存复制 ≈ {gbps} GB/s）</translation>
    </message>
    <message>
        <source>Prompt processing copies the {gib} GiB in host RAM to the GPU once per 512-token micro-batch ({chunks} ×, pageable copy over PCIe ≈ {gbps} GB/s); an upper bound: published --n-cpu-moe runs prefilled 5–7× slower</source>
        <translation>预填充时每个 512 token 的微批次都把内存中的 {gib} GiB 复制到 GPU 一次（{chunks} 次，经 PCIe 从可分页内存复制 ≈ {gbps} GB/s）；这是上限：公开的 --n-cpu-moe 实测预填充慢 5–7 倍</translation>
    </message>
    <message>
        <source>Decode step: {gpu_ms} ms on the GPU + {host_ms} ms on the CPU reading {gb} GB from host RAM ({gbps} GB/s × {eff})</source>
        <translation>每个解码步：GPU 上 {gpu_ms} ms + CPU 上 {host_ms} ms，从内存读取 {gb} GB（{gbps} GB/s × {eff}）</translation>
    </message>
    <message>
        <source>KV cache in host RAM ({gib} GiB, --no-kv-offload)</source>
        <translation>KV 缓存放在内存中（{gib} GiB，--no-kv-offload）</translation>
    </message>
    <message>
        <source>Experts of {layers} of {total} MoE layers in host RAM ({gib} GiB, --n-cpu-moe {n})</source>
        <translation>{total} 个 MoE 层中 {layers} 层的专家放在内存中（{gib} GiB，--n-cpu-moe {n}）</translation>
    </message>
    <message>
        <source>Needs {need} GiB of the {ram} GiB unified memory: memory is the limit; it needs a machine with at least {more} GB more</source>
        <translation>需要统一内存 {ram} GiB 中的 {need} GiB：瓶颈在内存；需要一台至少多 {more} GB 内存的机器</translation>
    </message>
    <message>
        <source>Needs {need} GiB of host RAM, the machine has {ram} GiB: RAM is the limit; adding at least {more} GB of RAM makes it fit (≈ ${usd} at ${per_gb}/GB, DDR5 retail 2026-06)</source>
        <translation>需要 {need} GiB 内存，本机只有 {ram} GiB：瓶颈在内存；至少再加 {more} GB 内存即可放下（按 2026-06 DDR5 零售价 {per_gb} 美元/GB，约 {usd} 美元）</translation>
    </message>
    <message>
        <source>Unified memory: GPU and host share {ram} GiB; the host side needs {need} GiB of it ({reserve} GiB kept for the operating system)</source>
        <translation>统一内存：GPU 与主机共用 {ram} GiB；主机侧需要其中 {need} GiB（其中 {reserve} GiB 留给操作系统）</translation>
    </message>
    <message>
        <source>Host RAM: needs {need} GiB of {ram} GiB ({reserve} GiB kept for the operating system)</source>
        <translation>内存：需要 {need} GiB，共 {ram} GiB（其中 {reserve} GiB 留给操作系统）</translation>
    </message>
    <message>
        <source>Host RAM not checked: the job needs {gib} GiB of it (give host_ram_gb to check)</source>
        <translation>未检查内存：该任务需要 {gib} GiB 内存（给出 host_ram_gb 即可检查）</translation>
    </message>
    <message>
        <source>Host RAM {gbps} GB/s peak, CPU matmuls at {eff} of it ({source})</source>
        <translation>内存带宽峰值 {gbps} GB/s，CPU 矩阵乘法按其 {eff} 计（{source}）</translation>
    </message>
    <message>
        <source>KV cache in host RAM (--no-kv-offload): {gib} GiB; attention runs on the CPU</source>
        <translation>KV 缓存放在内存中（--no-kv-offload）：{gib} GiB；注意力在 CPU 上计算</translation>
    </message>
    <message>
        <source>Routed experts of {layers} of {total} MoE layers in host RAM (--n-cpu-moe {n}, {how}): {gib} GiB; attention, shared experts, router and norms stay on the GPU</source>
        <translation>{total} 个 MoE 层中 {layers} 层的路由专家放在内存中（--n-cpu-moe {n}，{how}）：{gib} GiB；注意力、共享专家、路由器和归一化层留在 GPU 上</translation>
    </message>
    <message>
        <source>chosen as llama.cpp --fit does: the fewest that leave 1 GiB free on the GPU</source>
        <translation>按 llama.cpp --fit 的方式选择：在 GPU 上留出 1 GiB 空闲的最少层数</translation>
    </message>
    <message>
        <source>unified memory: the GPU's own bandwidth, one pool</source>
        <translation>统一内存：即 GPU 自身带宽，同一内存池</translation>
    </message>
    <message>
        <source>the workload's host_ram_bandwidth_gbps</source>
        <translation>任务给定的 host_ram_bandwidth_gbps</translation>
    </message>
    <message>
        <source>n_cpu_moe has no effect: this model has no routed experts</source>
        <translation>n_cpu_moe 不起作用：该模型没有路由专家</translation>
    </message>
    <message>
        <source>Ollama has no option to keep MoE experts in system RAM (it only moves whole layers, num_gpu); use llama.cpp (llama-server --n-cpu-moe) or drop n_cpu_moe</source>
        <translation>Ollama 没有把 MoE 专家放在内存中的选项（只能整层卸载，num_gpu）；请改用 llama.cpp（llama-server --n-cpu-moe）或去掉 n_cpu_moe</translation>
    </message>
    <message>
        <source>n_cpu_moe {value} is not a layer count, "auto" or "all"</source>
        <translation>n_cpu_moe {value} 不是层数，也不是 'auto' 或 'all'</translation>
    </message>
    <message>
        <source>server default: eight-channel DDR5-4800 (4800 MT/s × 8 B × 8 channels)</source>
        <translation>服务器默认值：八通道 DDR5-4800（4800 MT/s × 8 B × 8 通道）</translation>
    </message>
    <message>
        <source>workstation default: quad-channel DDR5-4800 (4800 MT/s × 8 B × 4 channels)</source>
        <translation>工作站默认值：四通道 DDR5-4800（4800 MT/s × 8 B × 4 通道）</translation>
    </message>
    <message>
        <source>desktop default: dual-channel DDR5-5600 (5600 MT/s × 8 B × 2 channels, JEDEC JESD79-5)</source>
        <translation>台式机默认值：双通道 DDR5-5600（5600 MT/s × 8 B × 2 通道，JEDEC JESD79-5）</translation>
    </message>
    <message>
        <source>--no-kv-offload: the KV cache ({gib} GiB) stays in host RAM</source>
        <translation>--no-kv-offload：KV 缓存（{gib} GiB）留在内存中</translation>
    </message>
    <message>
        <source>--n-cpu-moe {n}: the routed experts of {layers} MoE layers ({gib} GiB) stay in host RAM; the machine needs {ram} GiB of RAM for this</source>
        <translation>--n-cpu-moe {n}：{layers} 个 MoE 层的路由专家（{gib} GiB）留在内存中；本机需要 {ram} GiB 内存</translation>
    </message>
    <message>
        <source>experts read from host RAM: decode bound by its bandwidth</source>
        <translation>专家从内存读取：解码速度受内存带宽限制</translation>
    </message>
    <message>
        <source>attention runs on the CPU: slower decode and prompts</source>
        <translation>注意力在 CPU 上计算：解码和预填充都变慢</translation>
    </message>
    <message>
        <source>Keep as many MoE experts in host RAM as needed (llama.cpp --n-cpu-moe, as --fit chooses it)</source>
        <translation>按需把 MoE 专家放在内存中（llama.cpp --n-cpu-moe，按 --fit 的方式选择）</translation>
    </message>
    <message>
        <source>Keep the KV cache in host RAM (llama.cpp --no-kv-offload)</source>
        <translation>把 KV 缓存放在内存中（llama.cpp --no-kv-offload）</translation>
    </message>
    <message>
        <source>shared_prefix_ratio is modelled for paged-KV servers (vLLM, SGLang, TensorRT-LLM …); not used for {framework}</source>
        <translation>shared_prefix_ratio 只对分页 KV 的推理服务（vLLM、SGLang、TensorRT-LLM 等）建模；{framework} 未使用</translation>
    </message>
    <message>
        <source>Prefix caching: {share} of each prompt ({tokens} tokens) is shared; its KV blocks are held once and a cache hit skips its prefill</source>
        <translation>前缀缓存：每个提示词的 {share}（{tokens} 个 token）为共享前缀；其 KV 块只存一份，命中缓存时跳过这部分的预填充</translation>
    </message>
    <message>
        <source>the KV cache is already 8-bit</source>
        <translation>KV 缓存已是 8 位</translation>
    </message>
    <message>
        <source>an FP8 KV cache (--kv-cache-dtype fp8) holds {tokens} tokens at the same speed</source>
        <translation>FP8 KV 缓存（--kv-cache-dtype fp8）可容纳 {tokens} 个 token，速度不变</translation>
    </message>
    <message>
        <source>To hold this context: {fp8}; --cpu-offload-gb {gb} moves that much of the weights to host RAM (streamed over PCIe every step: much slower decode); or more GPUs (-tp). vLLM's CPU KV offload (--kv-offloading-size) only keeps reusable prefixes in host RAM and does not lengthen one sequence</source>
        <translation>要放下这个上下文：{fp8}；--cpu-offload-gb {gb} 把这么多权重移到内存（每步经 PCIe 传输：解码明显变慢）；或者用更多 GPU（-tp）。vLLM 的 CPU KV 卸载（--kv-offloading-size）只把可复用的前缀放在内存中，不能加长单个序列</translation>
    </message>
    <message>
        <source>the weights and activations leave no room for a KV cache</source>
        <translation>权重和激活值已占满显存，没有 KV 缓存的空间</translation>
    </message>
    <message>
        <source>keys given more than once, only the last value of each is used: {keys}</source>
        <translation>以下键出现了不止一次，每个键只采用最后一个值：{keys}</translation>
    </message>
    <message>
        <source>the run length and the checkpoint interval must be positive</source>
        <translation>运行时长和检查点间隔必须大于 0</translation>
    </message>
    <message>
        <source>{provider}: the low interruption rate is above the high one</source>
        <translation>{provider}：中断率下限高于上限</translation>
    </message>
    <message>
        <source>no interruption rate is known, so the range is wide (gpupicker's assumption)</source>
        <translation>中断率未知，因此范围较宽（本工具的假设）</translation>
    </message>
    <message>
        <source>{provider} publishes no interruption rate, so the range is wide (gpupicker's assumption)</source>
        <translation>{provider} 未公布中断率，因此范围较宽（本工具的假设）</translation>
    </message>
    <message>
        <source>{published} ({source}, read {as_of})</source>
        <translation>{published}（{source}，读取于 {as_of}）</translation>
    </message>
    <message>
        <source>Spot, interruptions included: {where}, one interruption per {low}–{high} h; each costs a {restart} min restart (reload and warm-up) and {lost} min of work since the last checkpoint (every {interval} h, the workload&apos;s `checkpoint_interval_hours`) → {n} interruptions expected, {hours} h ({hours_low}–{hours_high} h), {total} ({total_low}–{total_high})</source>
        <translation>竞价实例（已计入中断）：{where}，每 {low}–{high} 小时中断一次；每次中断需 {restart} 分钟重启（重新加载与预热），并丢失自上次检查点以来 {lost} 分钟的工作（每 {interval} 小时保存一次检查点，任务配置字段 `checkpoint_interval_hours`）→ 预计中断 {n} 次，{hours} 小时（{hours_low}–{hours_high} 小时），{total}（{total_low}–{total_high}）</translation>
    </message>
    <message>
        <source>no option within the limits is in stock: check the providers or widen the limits</source>
        <translation>限制范围内没有有货的方案：请向服务商确认或放宽限制</translation>
    </message>
    <message>
        <source>no stock data: check with the provider</source>
        <translation>无库存数据，请向服务商确认</translation>
    </message>
    <message>
        <source>listed in stock</source>
        <translation>快照显示有货</translation>
    </message>
    <message>
        <source>take #{rank} instead: {n} × {gpu} on {provider} at {per_hour}/h ({stock})</source>
        <translation>可改选第 {rank} 名：{provider} 的 {n} × {gpu}，{per_hour}/小时（{stock}）</translation>
    </message>
    <message>
        <source>The top pick (#{rank}, {n} × {gpu} on {provider}) was out of stock in its ledger snapshot</source>
        <translation>首选方案（第 {rank} 名，{provider} 的 {n} × {gpu}）在其账本快照中无货</translation>
    </message>
    <message>
        <source>the snapshot is {days} days old (over {limit}): stock may have changed</source>
        <translation>快照已有 {days} 天（超过 {limit} 天），库存可能已变化</translation>
    </message>
    <message>
        <source>In stock at {provider} ({n} GPUs free) in the ledger snapshot of {when}</source>
        <translation>在 {when} 的账本快照中，{provider} 有货（空闲 {n} 张）</translation>
    </message>
    <message>
        <source>In stock at {provider} in the ledger snapshot of {when}</source>
        <translation>在 {when} 的账本快照中，{provider} 有货</translation>
    </message>
    <message>
        <source>Out of stock at {provider} in the ledger snapshot of {when}</source>
        <translation>在 {when} 的账本快照中，{provider} 无货</translation>
    </message>
    <message>
        <source>Falling: {pct} % cheaper over its last {n} observations ({days} days); waiting may pay if the job can wait (a trend, not a forecast)</source>
        <translation>价格在下降：最近 {n} 次采集（{days} 天）便宜了 {pct}%；如果任务可以等，等待可能更划算（这是趋势，不是预测）</translation>
    </message>
    <message>
        <source>Rent now: this is the lowest price of its {n} observations over {days} days</source>
        <translation>现在租：这是其 {days} 天内 {n} 次采集中的最低价</translation>
    </message>
    <message>
        <source>Spot: interrupted faster than it progresses at the expected rate, so no total (checkpoint more often or rent on demand)</source>
        <translation>竞价实例：按预计中断率，中断快于任务进展，因此无法给出总费用（请更频繁地保存检查点，或改用按需实例）</translation>
    </message>
    <message>
        <source>Spot: the {n} interruptions expected are in the hours and total; no published rate, so {low}–{high} h</source>
        <translation>竞价实例：预计中断 {n} 次，已计入时长和总费用；服务商未公布中断率，因此为 {low}–{high} 小时</translation>
    </message>
    <message>
        <source>Spot: the {n} interruptions expected at the provider's published rate are in the hours and total ({low}–{high} h)</source>
        <translation>竞价实例：按服务商公布的中断率预计中断 {n} 次，已计入时长和总费用（{low}–{high} 小时）</translation>
    </message>
    <message>
        <source>llama.cpp build before PR #13199: prompt MoE matmuls loop over the experts on the host ({us} µs per expert per matmul per micro-batch)</source>
        <translation>PR #13199 之前的 llama.cpp 版本：提示词阶段的 MoE 矩阵乘法在主机端逐个专家循环（每个微批次每次矩阵乘法每个专家 {us} µs）</translation>
    </message>
    <message>
        <source>llama.cpp CUDA MoE decode: each of the {layers} MoE layers launches {n} small kernels more than a dense FFN (routing, expert weights, expert sum; the build era since {prs}), {us} µs each: {ms} ms a token</source>
        <translation>llama.cpp CUDA MoE 解码：{layers} 个 MoE 层每层比稠密前馈层多启动 {n} 个小内核（路由、专家权重、专家求和；自 {prs} 起的版本时期），每个 {us} µs：每个 token {ms} ms</translation>
    </message>
    <message>
        <source>llama.cpp Metal build before PR #13388: prompt MoE expert matmuls take {factor}× as long (the old MUL_MAT_ID kernel)</source>
        <translation>PR #13388 之前的 llama.cpp Metal 版本：提示词阶段的 MoE 专家矩阵乘法耗时为 {factor} 倍（旧的 MUL_MAT_ID 内核）</translation>
    </message>
    <message>
        <source>ExLlama v1 (GPTQ 4-bit kernels, no CUDA graphs)</source>
        <translation>ExLlama v1（GPTQ 4 位内核，无 CUDA Graph）</translation>
    </message>
    <message>
        <source>ExLlama (v1) README tables: Llama GPTQ 4-bit 128g 7B 173 and 13B 102 tok/s on an RTX 4090; 65B / 70B at 20 / 17 tok/s split over an RTX 4090 + RTX 3090 Ti (Ampere weights stream at 0.72 of the Ada rate)</source>
        <translation>ExLlama（v1）README 表格：Llama GPTQ 4 位 128g，RTX 4090 上 7B 为 173、13B 为 102 tok/s；65B / 70B 拆分到 RTX 4090 + RTX 3090 Ti 上为 20 / 17 tok/s（Ampere 卡上权重读取速度为 Ada 的 0.72 倍）</translation>
    </message>
    <message>
        <source>Download the weights:</source>
        <translation>下载权重：</translation>
    </message>
    <message>
        <source>MindSpeed-LLM runs on Ascend NPUs (CANN), not on {gpu}: choose an Ascend option, or Megatron-LM on this GPU</source>
        <translation>MindSpeed-LLM 只能在昇腾 NPU（CANN）上运行，不能在 {gpu} 上运行：请选择昇腾方案，或在这张卡上改用 Megatron-LM</translation>
    </message>
    <message>
        <source>{mtokens} M</source>
        <translation>{mtokens}</translation>
    </message>
    <message>
        <source>{tool} has no such ZeRO-1 configuration: ZeRO-2 is written (it also shards gradients)</source>
        <translation>{tool} 没有对应的 ZeRO-1 配置：改写为 ZeRO-2（同时切分梯度）</translation>
    </message>
    <message>
        <source>{tool} shards through DeepSpeed: FSDP full sharding is written as ZeRO-3 (the same memory per GPU)</source>
        <translation>{tool} 通过 DeepSpeed 分片：FSDP 完全分片写成 ZeRO-3（单卡显存相同）</translation>
    </message>
    <message>
        <source>Convert the weights to Megatron-Mcore first (examples/mcore/&lt;model&gt;/ckpt_convert_*_hf2mcore.sh), preprocess the data (preprocess_data.py) and copy the model's own switches from its example script (rotary base, biases, normalization)</source>
        <translation>先把权重转换为 Megatron-Mcore 格式（examples/mcore/&lt;model&gt;/ckpt_convert_*_hf2mcore.sh），用 preprocess_data.py 预处理数据，并从该模型的示例脚本里复制它自己的开关（rotary base、偏置、归一化）</translation>
    </message>
    <message>
        <source>LLaMA-Factory has no chat template gpupicker knows for the {family} family: replace YOUR_TEMPLATE with the one its README's model table names</source>
        <translation>gpupicker 不知道 {family} 系列在 LLaMA-Factory 里的对话模板：请把 YOUR_TEMPLATE 换成其 README 模型表里写的模板</translation>
    </message>
    <message>
        <source>LLaMA-Factory stage {stage} ({kind}) on {n} GPU(s): micro-batch {batch}, cutoff_len {seq} tokens</source>
        <translation>LLaMA-Factory stage {stage}（{kind}），{n} 张卡：微批 {batch}，cutoff_len {seq} token</translation>
    </message>
    <message>
        <source>LMDeploy TurboMind serves 16-bit or AWQ (W4A16) weights, not {dtype} ({method})</source>
        <translation>LMDeploy TurboMind 只能加载 16 位或 AWQ（W4A16）权重，不支持 {dtype}（{method}）</translation>
    </message>
    <message>
        <source>LMDeploy TurboMind with a session length of {ctx} tokens, {frac} of the free memory for the KV cache, tensor parallel {n} and at most {batch} sequences per batch</source>
        <translation>LMDeploy TurboMind：会话长度 {ctx} token，空闲显存的 {frac} 用作 KV 缓存，张量并行 {n}，每批最多 {batch} 条序列</translation>
    </message>
    <message>
        <source>LMDeploy quantizes the KV cache to int8 (--quant-policy 8), not {kv}: the same bytes per value</source>
        <translation>LMDeploy 把 KV 缓存量化为 int8（--quant-policy 8），而不是 {kv}：每个值占用的字节数相同</translation>
    </message>
    <message>
        <source>MindIE Service on {n} NPU(s): maxSeqLen {ctx}, maxInputTokenLen {prompt}, maxBatchSize {batch}, port {port}</source>
        <translation>MindIE Service，{n} 张 NPU：maxSeqLen {ctx}，maxInputTokenLen {prompt}，maxBatchSize {batch}，端口 {port}</translation>
    </message>
    <message>
        <source>MindIE and CANN come from hiascend.com (or the MindIE container image); the command edits the installed conf/config.json and keeps its TLS and log settings</source>
        <translation>MindIE 和 CANN 需从昇腾社区 hiascend.com 安装（或使用 MindIE 容器镜像）；命令只修改已安装的 conf/config.json 中的相关项，保留其中的 TLS 和日志设置</translation>
    </message>
    <message>
        <source>MindSpeed-LLM needs the model's layer count and hidden size, which the catalog row does not have</source>
        <translation>MindSpeed-LLM 需要模型的层数和隐藏层维度，价格库里的这一行没有这些数据</translation>
    </message>
    <message>
        <source>MindSpeed-LLM on {n} NPU(s): tensor parallel {tp}, pipeline parallel {pp}, data parallel {dp}, micro-batch {batch}, {seq} tokens</source>
        <translation>MindSpeed-LLM，{n} 张 NPU：张量并行 {tp}，流水线并行 {pp}，数据并行 {dp}，微批 {batch}，{seq} token</translation>
    </message>
    <message>
        <source>MindSpeed-LLM trains LoRA on 16-bit weights: the 4-bit QLoRA base of the estimate is not what this command loads</source>
        <translation>MindSpeed-LLM 在 16 位权重上训练 LoRA：估算里的 4 位 QLoRA 基座模型不是这条命令加载的格式</translation>
    </message>
    <message>
        <source>Replace YOUR_DATASET with your dataset (a name the tool has registered, or a local file)</source>
        <translation>请把 YOUR_DATASET 换成您的数据集（工具已注册的数据集名，或本地文件）</translation>
    </message>
    <message>
        <source>The official {method} checkpoint {repo}</source>
        <translation>官方 {method} 量化权重 {repo}</translation>
    </message>
    <message>
        <source>ms-swift swift {sub} on {n} GPU(s): micro-batch {batch}, max_length {seq} tokens</source>
        <translation>ms-swift swift {sub}，{n} 张卡：微批 {batch}，max_length {seq} token</translation>
    </message>
    <message>
        <source>tensor parallel {tp} × pipeline parallel {pp} does not divide the {n} NPUs</source>
        <translation>张量并行 {tp} × 流水线并行 {pp} 不能整除 {n} 张 NPU</translation>
    </message>
    <message>
        <source>vllm-ascend and MindIE load msModelSlim W8A8 or W4A8 weights (--quantization ascend), not {dtype}: use weights_dtype w8a8 or w4a8, or bf16</source>
        <translation>vllm-ascend 和 MindIE 只加载 msModelSlim 生成的 W8A8 或 W4A8 权重（--quantization ascend），不支持 {dtype}：请把 weights_dtype 设为 w8a8 或 w4a8，或使用 bf16</translation>
    </message>
    <message>
        <source>vllm-ascend and MindIE load {fmt} weights made by msModelSlim: quantize {repo} with it and replace YOUR_{fmt}_CHECKPOINT</source>
        <translation>vllm-ascend 和 MindIE 加载 msModelSlim 生成的 {fmt} 权重：请用它量化 {repo}，再替换 YOUR_{fmt}_CHECKPOINT</translation>
    </message>
    <message>
        <source>vllm-ascend with a context of {ctx} tokens per sequence, NPU memory fraction {frac} and tensor parallel {n}</source>
        <translation>vllm-ascend：每条序列上下文 {ctx} token，NPU 显存占比 {frac}，张量并行 {n}</translation>
    </message>
    <message>
        <source>a per-layer KV compression ratio must be a whole number ≥ 0, not {value}</source>
        <translation>每层 KV 压缩比必须是 ≥ 0 的整数，而不是 {value}</translation>
    </message>
    <message>
        <source>the per-layer KV compression list has {n} entries but the model has {layers} layers</source>
        <translation>每层 KV 压缩比列表有 {n} 项，但模型有 {layers} 层</translation>
    </message>
    <message>
        <source>KV compression ratio {ratio} is not one gpupicker models (known: {known})</source>
        <translation>KV 压缩比 {ratio} 不在 gpupicker 的模型范围内（已支持：{known}）</translation>
    </message>
    <message>
        <source>compressed-KV layers need sliding_window, head_dim and qk_rope_head_dim, and index_n_heads and index_head_dim where a layer compresses 4×</source>
        <translation>压缩 KV 的层需要 sliding_window、head_dim 和 qk_rope_head_dim；4× 压缩的层还需要 index_n_heads 和 index_head_dim</translation>
    </message>
    <message>
        <source>DeepSeek-V4's compressed KV cache in {dtype} is not modelled: SGLang stores it in BF16 or FP8 (an FP8 nope part, a BF16 rope part and scales); use kv_cache_dtype bf16 or fp8</source>
        <translation>DeepSeek-V4 压缩 KV 缓存的 {dtype} 格式不在模型范围内：SGLang 以 BF16 或 FP8（FP8 的 nope 部分、BF16 的 rope 部分加缩放因子）存储；请用 kv_cache_dtype bf16 或 fp8</translation>
    </message>
    <message>
        <source>DeepSeek-V4 compressed attention (SGLang's pool layout): KV for every token compressed 4× with the indexer on {c4} layers and 128× on {c128}, the last {window} tokens on all {layers}; plus {gib} GiB fixed window and compressor state for {seqs} sequence(s)</source>
        <translation>DeepSeek-V4 压缩注意力（SGLang 的缓存池布局）：{c4} 层每个 token 的 KV 压缩 4× 并带索引器，{c128} 层压缩 128×，全部 {layers} 层保留最近 {window} 个 token；另加 {gib} GiB 固定的窗口与压缩器状态：{seqs} 个序列</translation>
    </message>
    <message>
        <source>{engine} runs INT8 W8A8 weights only on Turing or later; {gpu} is older</source>
        <translation>{engine} 仅在 Turing 或更新的架构上运行 INT8 W8A8 权重；{gpu} 太旧</translation>
    </message>
    <message>
        <source>bitsandbytes {dtype} has no Ascend (CANN) backend, so it does not run on the {gpu}: vLLM-Ascend and MindIE take {fmt} weights quantized with ModelSlim (weights_dtype w8a8 or w4a8)</source>
        <translation>bitsandbytes {dtype} 没有昇腾（CANN）后端，无法在 {gpu} 上运行：vLLM-Ascend 和 MindIE 使用经 ModelSlim 量化的 {fmt} 权重（weights_dtype 设为 w8a8 或 w4a8）</translation>
    </message>
    <message>
        <source>draft model {draft} has a vocabulary of {dv} tokens and {target} one of {tv}: a draft model must share the target's tokenizer (vLLM and transformers refuse a different vocabulary size, SGLang drafts use the target's tokenizer, llama.cpp allows 128 tokens of difference); pick a draft of the same family</source>
        <translation>草稿模型 {draft} 的词表有 {dv} 个 token，而 {target} 的词表有 {tv} 个：草稿模型必须与目标模型共用同一分词器（vLLM 和 transformers 拒绝词表大小不同的草稿模型，SGLang 的草稿模型使用目标模型的分词器，llama.cpp 允许最多相差 128 个 token）；请选择同一系列的草稿模型</translation>
    </message>
    <message>
        <source>draft model {draft} states no vocabulary size, so gpupicker cannot check that it shares the target's tokenizer (which vLLM, SGLang and llama.cpp require); give a language model with its config</source>
        <translation>草稿模型 {draft} 没有写明词表大小，gpupicker 无法检查它是否与目标模型共用分词器（vLLM、SGLang 和 llama.cpp 都要求如此）；请提供带配置的语言模型</translation>
    </message>
    <message>
        <source>full_attn_idxs names layer {index}, but the model has {layers} layers (0 to {layers} − 1)</source>
        <translation>full_attn_idxs 指定了第 {index} 层，但模型只有 {layers} 层（0 到 {layers} − 1）</translation>
    </message>
    <message>
        <source>a per-layer KV-head count must be a whole number ≥ 0, not {value}</source>
        <translation>逐层 KV 头数必须是 ≥ 0 的整数，而不是 {value}</translation>
    </message>
    <message>
        <source>num_key_value_heads gives some layers 0 KV heads, but the config of model_type {model_type} states no layer kinds (layer_types): gpupicker cannot tell what those layers cache</source>
        <translation>num_key_value_heads 给部分层 0 个 KV 头，但 model_type 为 {model_type} 的配置没有写明各层类型（layer_types）：gpupicker 无法判断这些层缓存什么</translation>
    </message>
    <message>
        <source>the per-layer KV-head list has {n} entries but the model has {layers} layers</source>
        <translation>逐层 KV 头数列表有 {n} 项，但模型有 {layers} 层</translation>
    </message>
    <message>
        <source>layer {layer} is of kind {kind} in the layer pattern but its per-layer KV-head count is {heads} (attention layers F/S need heads, the other kinds 0)</source>
        <translation>第 {layer} 层在层模式中的类型为 {kind}，但其逐层 KV 头数为 {heads}（注意力层 F/S 需要 KV 头，其他类型应为 0）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>{model} ships in {dtype} (its config.json quantization_config), so its weights are sized in {dtype}; give weights_dtype to size another format</source>
        <translation>{model} 的发布权重为 {dtype}（见其 config.json 的 quantization_config），因此权重按 {dtype} 计算；如需按其他格式估算，请给出 weights_dtype</translation>
    </message>
    <message>
        <source>acceptance varies {lo}–{hi} with the model pair, temperature and prompts ({low}–{high} tokens per step)</source>
        <translation>接受率随模型组合、采样温度和提示词在 {lo}–{hi} 之间变化（每步 {low}–{high} 个 token）</translation>
    </message>
    <message>
        <source>speculative decoding ({method}, {k} tokens per step, acceptance {alpha}): {tokens} tokens per verify step, {speedup}× the plain decode rate</source>
        <translation>投机解码（{method}，每步 {k} 个 token，接受率 {alpha}）：每个验证步平均 {tokens} 个 token，是普通解码速度的 {speedup} 倍</translation>
    </message>
    <message>
        <source>{model} has no MTP layers (num_nextn_predict_layers / mtp_num_hidden_layers in its config): use method eagle, draft or ngram</source>
        <translation>{model} 没有 MTP 层（配置中没有 num_nextn_predict_layers / mtp_num_hidden_layers）：请改用 eagle、draft 或 ngram 方法</translation>
    </message>
    <message>
        <source>draft model {model} is not resolved; look it up in the catalog first</source>
        <translation>草稿模型 {model} 尚未解析；请先在价格库中查找</translation>
    </message>
    <message>
        <source>speculative method 'draft' needs a draft_model (a catalog id)</source>
        <translation>投机解码方法 'draft' 需要 draft_model（价格库中的模型 id）</translation>
    </message>
    <message>
        <source>speculative method {method} is not one gpupicker models; known: {known}</source>
        <translation>gpupicker 不支持投机解码方法 {method}；已支持：{known}</translation>
    </message>
    <message>
        <source>speculative decoding ({method}): draft {draft} adds {gib} GiB of weights and {kv} KiB of KV per token</source>
        <translation>投机解码（{method}）：草稿模型 {draft} 增加 {gib} GiB 权重、每个 token {kv} KiB KV</translation>
    </message>
    <message>
        <source>speculative decoding by n-gram prompt lookup ({k} tokens per step): no draft weights or KV</source>
        <translation>用 n-gram 提示词查找做投机解码（每步 {k} 个 token）：没有草稿模型权重和 KV</translation>
    </message>
    <message>
        <source>{engine} has no {fmt} KV cache (cache types: f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1)</source>
        <translation>{engine} 不支持 {fmt} KV 缓存（可用类型：f16、bf16、q8_0、q4_0、q4_1、iq4_nl、q5_0、q5_1）</translation>
    </message>
    <message>
        <source>{engine} keeps a {fmt} KV cache only on FP4 tensor cores (Blackwell), not on {gpu}</source>
        <translation>{engine} 只在 FP4 张量核心（Blackwell）上支持 {fmt} KV 缓存，{gpu} 不行</translation>
    </message>
    <message>
        <source>{engine} has no {fmt} kernels on Apple GPUs; on {gpu} use GGUF (llama.cpp, Ollama) or an MLX model</source>
        <translation>{engine} 在 Apple GPU 上没有 {fmt} 内核；在 {gpu} 上请用 GGUF（llama.cpp、Ollama）或 MLX 模型</translation>
    </message>
    <message>
        <source>{engine} on Ascend loads ModelSlim W8A8 / W4A8 weights, not {fmt}; {gpu} cannot run this checkpoint</source>
        <translation>{engine} 在昇腾上加载 ModelSlim W8A8 / W4A8 权重，不支持 {fmt}；{gpu} 无法运行这个权重</translation>
    </message>
    <message>
        <source>{engine} runs FP8 on AMD only from MI300 (CDNA 3) on; {gpu} has no FP8</source>
        <translation>{engine} 在 AMD 上从 MI300（CDNA 3）起才支持 FP8；{gpu} 没有 FP8</translation>
    </message>
    <message>
        <source>{engine} runs {fmt} only on Blackwell (FP4 tensor cores), not on {gpu}</source>
        <translation>{engine} 只在 Blackwell（FP4 张量核心）上运行 {fmt}，{gpu} 不行</translation>
    </message>
    <message>
        <source>{engine} runs FP8 only on Ada, Hopper or Blackwell, not on {gpu}</source>
        <translation>{engine} 只在 Ada、Hopper 或 Blackwell 上运行 FP8，{gpu} 不行</translation>
    </message>
    <message>
        <source>{engine} runs {fmt} weights only on Ampere or later; {gpu} is older</source>
        <translation>{engine} 只在 Ampere 或更新架构上运行 {fmt} 权重；{gpu} 架构更老</translation>
    </message>
    <message>
        <source>{engine} has no AWQ kernels for {gpu} (AWQ needs Turing or later); use a GPTQ checkpoint or GGUF with llama.cpp</source>
        <translation>{engine} 没有适用于 {gpu} 的 AWQ 内核（AWQ 需要 Turing 或更新架构）；请改用 GPTQ 权重，或用 llama.cpp 跑 GGUF</translation>
    </message>
    <message>
        <source>{dtype} runs weight-only on {gpu} (W4A16): no FP4 tensor cores, weights are dequantized to 16-bit in every GEMM, so compute runs at the 16-bit rate; only memory and weight reads shrink</source>
        <translation>{dtype} 在 {gpu} 上只作为权重量化运行（W4A16）：没有 FP4 张量核心，每次 GEMM 都把权重反量化为 16 位，计算按 16 位速率；只有显存占用和权重读取变小</translation>
    </message>
    <message>
        <source>{dtype} weights and activations multiply on the FP4 tensor cores ({tflops} TFLOPS dense, W4A4)</source>
        <translation>{dtype} 权重和激活在 FP4 张量核心 上相乘（稠密 {tflops} TFLOPS，W4A4）</translation>
    </message>
    <message>
        <source>layer type {kind} is not one gpupicker models; known: {known}</source>
        <translation>gpupicker 不支持层类型 {kind}；已支持：{known}</translation>
    </message>
    <message>
        <source>layer_pattern has {n} layers but the model has {layers}</source>
        <translation>layer_pattern 有 {n} 层，但模型有 {layers} 层</translation>
    </message>
    <message>
        <source>Mamba layers need mamba_num_heads, mamba_head_dim and ssm_state_size</source>
        <translation>Mamba 层需要 mamba_num_heads、mamba_head_dim 和 ssm_state_size</translation>
    </message>
    <message>
        <source>linear-attention layers need linear_num_value_heads, linear_value_head_dim and linear_key_head_dim</source>
        <translation>线性注意力层需要 linear_num_value_heads、linear_value_head_dim 和 linear_key_head_dim</translation>
    </message>
    <message>
        <source>plus {gib} GiB fixed recurrent/conv state for {seqs} sequence(s) in {layers} linear-attention/Mamba/conv layers (independent of the context length)</source>
        <translation>另加 {gib} GiB 固定的循环/卷积状态：{seqs} 个序列、{layers} 个线性注意力/Mamba/卷积层（与上下文长度无关）</translation>
    </message>
    <message>
        <source>KV only on the {kv} of {layers} layers that hold attention KV</source>
        <translation>KV 缓存只计 {layers} 层中持有注意力 KV 的 {kv} 层</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Total cost</source>
        <translation>总费用</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Engine / framework</source>
        <translation>引擎 / 框架</translation>
    </message>
    <message>
        <source>Best plan</source>
        <translation>最佳方案</translation>
    </message>
    <message>
        <source>Fits in VRAM</source>
        <translation>显存够用</translation>
    </message>
    <message>
        <source>Peak VRAM per GPU</source>
        <translation>单卡峰值显存</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Price per hour (all GPUs)</source>
        <translation>每小时价格（全部 GPU）</translation>
    </message>
    <message>
        <source>Cost per month</source>
        <translation>每月费用</translation>
    </message>
    <message>
        <source>{name}: no option — {why}</source>
        <translation>{name}：没有可选方案——{why}</translation>
    </message>
    <message>
        <source>no GPU × price in the catalog fits this job</source>
        <translation>价格库中没有适合此任务的 GPU × 价格</translation>
    </message>
    <message>
        <source>does not change memory or speed</source>
        <translation>不影响显存和速度</translation>
    </message>
    <message>
        <source>left empty (not set)</source>
        <translation>留空（未设置）</translation>
    </message>
    <message>
        <source>set to false (off)</source>
        <translation>设为 false（关闭）</translation>
    </message>
    <message>
        <source>the estimate assumes every row is a full seq_len of tokens, which packing (or padding to seq_len) makes true</source>
        <translation>估算假定每一行都是满 seq_len 个 token，样本打包（或填充到 seq_len）正是如此</translation>
    </message>
    <message>
        <source>off: the estimate still assumes full rows of seq_len tokens; unpacked samples shorter than that take less memory and time per step</source>
        <translation>已关闭：估算仍假定每一行满 seq_len 个 token；未打包且短于此长度的样本每步占用的显存和时间更少</translation>
    </message>
    <message>
        <source>TF32 applies to fp32 matmuls only; this {dtype} run's matmuls are timed at the {dtype} rate, so the estimate does not change</source>
        <translation>TF32 只作用于 fp32 矩阵乘；本次 {dtype} 运行的矩阵乘按 {dtype} 速率计时，因此估算不变</translation>
    </message>
    <message>
        <source>not modelled by gpupicker</source>
        <translation>gpupicker 未建模</translation>
    </message>
    <message>
        <source>{key} = {value} is not modelled: the estimate does not reflect it</source>
        <translation>{key} = {value} 未建模：估算未反映它的影响</translation>
    </message>
    <message>
        <source>not a {engine} flag gpupicker knows</source>
        <translation>不是 gpupicker 所知的 {engine} 参数</translation>
    </message>
    <message>
        <source>{flag} is not a {engine} flag gpupicker knows (a typo?): the estimate does not reflect it</source>
        <translation>{flag} 不是 gpupicker 所知的 {engine} 参数（拼写错误？）：估算未反映它的影响</translation>
    </message>
    <message>
        <source>gradient checkpointing “{mode}” also moves the checkpoints to CPU RAM; the estimate counts ordinary gradient checkpointing</source>
        <translation>梯度检查点“{mode}”还会把检查点移到内存；估算按普通梯度检查点计算</translation>
    </message>
    <message>
        <source>stage {stage} is costed as supervised fine-tuning (its reference or reward model is not counted)</source>
        <translation>阶段 {stage} 按监督微调估算（未计入其参考模型或奖励模型）</translation>
    </message>
    <message>
        <source>the config sets no sequence length (the dataset decides); give seq_len, or the estimate uses gpupicker's default</source>
        <translation>配置中没有序列长度（由数据集决定）；请给出 seq_len，否则估算使用 gpupicker 的默认值</translation>
    </message>
    <message>
        <source>no quantization named: {why} uses {quant} by default</source>
        <translation>未指定量化：{why} 默认使用 {quant}</translation>
    </message>
    <message>
        <source>the job names no model: add model_id (or a model folder)</source>
        <translation>任务文件未指定模型：请添加 model_id（或模型文件夹）</translation>
    </message>
    <message>
        <source>more than {n} YAML aliases: refused (an alias bomb, not a job config)</source>
        <translation>YAML 别名超过 {n} 个：已拒绝（这是别名炸弹，不是任务配置）</translation>
    </message>
    <message>
        <source>YAML nested deeper than {n} levels: refused</source>
        <translation>YAML 嵌套超过 {n} 层：已拒绝</translation>
    </message>
    <message>
        <source>not YAML or JSON: {why}</source>
        <translation>不是 YAML 或 JSON：{why}</translation>
    </message>
    <message>
        <source>larger than {mib} MiB: not a job config</source>
        <translation>大于 {mib} MiB：不是任务配置</translation>
    </message>
    <message>
        <source>not a job gpupicker reads (axolotl, LLaMA-Factory or torchtune YAML, torchtitan TOML, TrainingArguments JSON, SkyPilot YAML, a vllm serve / sglang.launch_server / llama-server / ollama run / mlx_lm.server / text-generation-launcher line, or a trl sft / swift sft training command); it starts with “{head}”</source>
        <translation>不是 gpupicker 能读取的任务（axolotl、LLaMA-Factory 或 torchtune 的 YAML，torchtitan TOML，TrainingArguments JSON，SkyPilot YAML，vllm serve / sglang.launch_server / llama-server / ollama run / mlx_lm.server / text-generation-launcher 命令行，或 trl sft / swift sft 训练命令）；开头为“{head}”</translation>
    </message>
    <message>
        <source>{path} is not a regular file</source>
        <translation>{path} 不是普通文件</translation>
    </message>
    <message>
        <source>{path} is not UTF-8 text</source>
        <translation>{path} 不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>{key}: model “{name}” is not in the catalog — import its folder (gpupicker model import) or give model_id</source>
        <translation>{key}：模型“{name}”不在价格库中——请导入其文件夹（gpupicker model import）或给出 model_id</translation>
    </message>
    <message>
        <source>the {kind} command names no model</source>
        <translation>{kind} 命令未指定模型</translation>
    </message>
    <message>
        <source>the SkyPilot task's run: has no vllm / sglang / llama-server / ollama command to read</source>
        <translation>SkyPilot 任务的 run: 中没有可读取的 vllm / sglang / llama-server / ollama 命令</translation>
    </message>
    <message>
        <source>{tool} output could not be read: {why}</source>
        <translation>无法读取 {tool} 的输出：{why}</translation>
    </message>
    <message>
        <source>not the output of nvidia-smi, rocm-smi, system_profiler, sysctl or /proc/meminfo (it starts with “{head}”)</source>
        <translation>不是 nvidia-smi、rocm-smi、system_profiler、sysctl 或 /proc/meminfo 的输出（开头为“{head}”）</translation>
    </message>
    <message>
        <source>{name}: no GPU of that name in the catalog — add it (catalog import gpus) and detect again</source>
        <translation>{name}：价格库中没有这个型号的 GPU——请先添加（catalog import gpus），再重新检测</translation>
    </message>
    <message>
        <source>{name}: several catalog GPUs match ({candidates}) — add it by hand with owned add --gpu ID</source>
        <translation>{name}：价格库中有多个 GPU 与之匹配（{candidates}）——请用 owned add --gpu ID 手动添加</translation>
    </message>
    <message>
        <source>{name} ({memory}): the catalog has {candidates}, none with this memory or core count — not guessed</source>
        <translation>{name}（{memory}）：价格库中有 {candidates}，但显存或核心数都不符——不做猜测</translation>
    </message>
    <message>
        <source>{tool} is not installed or not on PATH</source>
        <translation>未安装 {tool}，或它不在 PATH 中</translation>
    </message>
    <message>
        <source>{tool} failed: {why}</source>
        <translation>{tool} 运行失败：{why}</translation>
    </message>
    <message>
        <source>no GPU was detected</source>
        <translation>未检测到 GPU</translation>
    </message>
    <message>
        <source>saved with purchase price 0 (already paid): its hourly cost is electricity only; give the price with owned add to get a break-even</source>
        <translation>已按购买价 0 保存（视为已付清）：每小时成本只计电费；用 owned add 填入购买价即可算出回本时间</translation>
    </message>
    <message>
        <source>{gpu_id}: already in your owned GPUs (count {count}), left as it is</source>
        <translation>{gpu_id}：已在你的自有 GPU 中（{count} 张），保持不变</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="25" />
        <source>Fits: {used} of {cap} GiB per GPU ({headroom} headroom)</source>
        <translation>显存够用：单卡占用 {used} / {cap} GiB（余量 {headroom}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="26" />
        <source>Fits: {used} of {cap} GiB per GPU ({headroom} headroom) — tight, VRAM is nearly the limit</source>
        <translation>显存够用：单卡占用 {used} / {cap} GiB（余量 {headroom}）—— 偏紧，显存接近上限</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="27" />
        <source>Does not fit: needs {used} GiB per GPU, the {gpu} has {cap} GiB — VRAM is the limit</source>
        <translation>显存不足：每卡需要 {used} GiB，{gpu} 只有 {cap} GiB —— 瓶颈是显存</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="28" />
        <source>Does not fit: needs {used} GiB per GPU, the {gpu} has {cap} GiB — VRAM is the limit even split over {n} GPUs</source>
        <translation>显存不足：每卡需要 {used} GiB，{gpu} 只有 {cap} GiB —— 即使分摊到 {n} 张卡，瓶颈仍是显存</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="29" />
        <source>use more GPUs, a bigger card or lower precision</source>
        <translation>请使用更多 GPU、显存更大的卡或更低的精度</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="30" />
        <source>{rate} training tokens/s</source>
        <translation>训练速度 {rate} tokens/s</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="31" />
        <source>{seconds} s per image</source>
        <translation>每张图 {seconds} 秒</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="32" />
        <source>{rate} tokens/s per sequence</source>
        <translation>单路 {rate} tokens/s</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="33" />
        <source>{rate} tokens/s per sequence ({aggregate} aggregate)</source>
        <translation>单路 {rate} tokens/s（合计 {aggregate}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="34" />
        <source>{rate} tokens/s per sequence ({aggregate} aggregate per replica)</source>
        <translation>单路 {rate} tokens/s（每个副本合计 {aggregate}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="35" />
        <source>memory bandwidth ({bandwidth} GB/s) limits decode</source>
        <translation>显存带宽（{bandwidth} GB/s）限制了解码速度</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="36" />
        <source>compute ({tflops} dense TFLOPS) limits speed</source>
        <translation>算力（稠密 {tflops} TFLOPS）限制了速度</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="37" />
        <source>the {link} link between GPUs limits speed</source>
        <translation>GPU 之间的互联（{link}）限制了速度</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="38" />
        <source>the {framework} engine's per-step overhead, not the GPU, limits speed</source>
        <translation>限制速度的是 {framework} 引擎每步的固定开销，而不是 GPU</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="39" />
        <source>layers offloaded to system RAM limit speed</source>
        <translation>卸载到系统内存的层限制了速度</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="41" />
        <source>Non-NVIDIA</source>
        <translation>非 NVIDIA</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="43" />
        <source>FSDP/ZeRO-3 shards weights, gradients and optimizer states over {n} GPUs</source>
        <translation>FSDP/ZeRO-3 将权重、梯度和优化器状态分片到 {n} 张 GPU 上</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="44" />
        <source>each of the {n} GPUs renders its own images</source>
        <translation>{n} 张 GPU 各自生成不同的图片</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="45" />
        <source>{n} cards over PCIe without NVLink: the all-reduce between GPUs costs speed</source>
        <translation>{n} 张卡经 PCIe 互联、没有 NVLink：GPU 之间的 all-reduce 会拖慢速度</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="46" />
        <source>{replicas} replicas needed for {rpm} requests/min</source>
        <translation>每分钟 {rpm} 个请求需要 {replicas} 个副本</translation>
    </message>
    <message>
        <source>{per_hour}/h</source>
        <translation>{per_hour}/小时</translation>
    </message>
    <message>
        <source>{per_hour}/h × {hours} h = {total}</source>
        <translation>{per_hour}/小时 × {hours} 小时 = {total}</translation>
    </message>
    <message>
        <source>{per_hour}/h × {hours} h (incl. {minutes} min start-up) = {total}</source>
        <translation>{per_hour}/小时 × {hours} 小时（含 {minutes} 分钟启动）= {total}</translation>
    </message>
    <message>
        <source>{per_hour}/h = {per_month}/month</source>
        <translation>{per_hour}/小时 = 每月 {per_month}</translation>
    </message>
    <message>
        <source>{amount} per 1M tokens</source>
        <translation>每百万 token {amount}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="50" />
        <source>no price in the catalog</source>
        <translation>价格库中没有价格</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="51" />
        <source>no price in the catalog to check against the budget</source>
        <translation>价格库中没有价格，无法核对预算</translation>
    </message>
    <message>
        <source>over the {cap}/h cap</source>
        <translation>超过每小时 {cap} 的上限</translation>
    </message>
    <message>
        <source>over the {budget} budget</source>
        <translation>超出 {budget} 的预算</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>misses the {deadline} h deadline</source>
        <translation>赶不上 {deadline} 小时的截止时间</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="55" />
        <source>Consumer cards have no NVLink: gradient and parameter exchange go over PCIe</source>
        <translation>消费级显卡没有 NVLink：梯度和参数交换都走 PCIe</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="57" />
        <source>Prices converted to USD before ranking: {conversions}</source>
        <translation>排名前已将价格换算为美元：{conversions}</translation>
    </message>
    <message>
        <source>1 USD = {rate} {currency}</source>
        <translation>汇率 1 美元 = {rate} {currency}</translation>
    </message>
    <message>
        <source>1 USD = {rate} {currency} (default rate)</source>
        <translation>汇率 1 美元 = {rate} {currency}（默认汇率）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="61" />
        <source>No single GPU fits: the job needs {need} GiB on one GPU, the largest card ({gpu}) has {cap} GiB</source>
        <translation>没有哪张单卡显存够用：此任务单卡需要 {need} GiB，最大的卡（{gpu}）只有 {cap} GiB</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="62" />
        <source>It needs several GPUs (or lower precision)</source>
        <translation>需要多张 GPU（或更低的精度）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="63" />
        <source>No option fits in memory</source>
        <translation>没有任何方案的显存够用</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="64" />
        <source>see the advice for changes that would</source>
        <translation>能放下的改动见下方建议</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="65" />
        <source>In {dtype} the model does not fit a 24 GB card</source>
        <translation>在 {dtype} 精度下，模型放不进 24 GB 的显卡</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="66" />
        <source>guides that quote speeds for such cards assume 8- or 4-bit quantized weights</source>
        <translation>给出这类显卡速度的指南都假定权重是 8 位或 4 位量化的</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="67" />
        <source>Agrees with the seed guide's rule of thumb for {scenario}: {gpu} ({why})</source>
        <translation>与选型指南对“{scenario}”的经验法则一致：{gpu}（{why}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="69" />
        <source>with these prices and speeds its best option ranks #{rank} ({n} GPU, {verdict})</source>
        <translation>按当前价格和速度，其最佳方案排第 {rank} 名（{n} 张 GPU，{verdict}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="70" />
        <source>It costs {cost}× the top pick and runs at {speed}× its speed ({n} × {gpu}, {provider})</source>
        <translation>费用为首选方案（{n} × {gpu}，{provider}）的 {cost} 倍，速度为其 {speed} 倍</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="71" />
        <source>It costs {cost}× the top pick ({n} × {gpu}, {provider})</source>
        <translation>其费用是首选方案（{n} × {gpu}，{provider}）的 {cost} 倍</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="72" />
        <source>large-model training (70B+)</source>
        <translation>大模型训练（70B 以上）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="73" />
        <source>LLM training (7B–70B)</source>
        <translation>LLM 训练（7B–70B）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="74" />
        <source>fine-tuning / LoRA</source>
        <translation>微调 / LoRA</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="75" />
        <source>inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="76" />
        <source>development / testing</source>
        <translation>开发 / 测试</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="77" />
        <source>most memory and speed</source>
        <translation>显存最大、速度最快</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="78" />
        <source>best balance of cost and performance</source>
        <translation>成本与性能的最佳平衡</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="79" />
        <source>24 GB, good value</source>
        <translation>24 GB，性价比高</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="80" />
        <source>high throughput at a fair price</source>
        <translation>吞吐量高、价格合理</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="81" />
        <source>lowest cost, enough VRAM</source>
        <translation>成本最低，显存够用</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="82" />
        <source>fits</source>
        <translation>显存够用</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="83" />
        <source>does not fit</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="84" />
        <source>no price</source>
        <translation>无价格</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="85" />
        <source>{hours} h on {n} × {gpu} ≈ {mtokens} M training tokens at the estimated speed</source>
        <translation>按估算速度，在 {n} × {gpu} 上训练 {hours} 小时 ≈ {mtokens}个训练 token</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="86" />
        <source>other options' hours follow from their own speed</source>
        <translation>其他方案的时长按各自的速度推算</translation>
    </message>
    <message>
        <source>Each option runs the planned {hours} h, so they do different amounts of work (a faster GPU trains more tokens in the same hours) and the cheapest is the lowest price per hour; give the dataset size or a preferred GPU to compare the same work</source>
        <translation>每个方案都运行计划的 {hours} 小时，因此完成的工作量不同（更快的 GPU 在相同时间内训练更多 token），最便宜的只是每小时价格最低的；填写数据集大小或首选 GPU，才能比较相同的工作量</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="87" />
        <source>For pre-training from scratch that is {share} of the ≈{btokens} B tokens a compute-optimal run needs (20 tokens per parameter, Hoffmann et al. 2022): enough for a small experiment, not a finished model</source>
        <translation>对从零预训练而言，这只是算力最优训练所需约 {btokens} token 的 {share}（每个参数 20 个 token，Hoffmann 等，2022）：够做小实验，但训练不出成品模型</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="89" />
        <source>no exchange rate for {currency}</source>
        <translation>没有 {currency} 的汇率</translation>
    </message>
    <message>
        <source>set one (1 USD = … {currency}) with `gpupicker catalog fx set` or in the exchange-rate dialog</source>
        <translation>请设置汇率（1 美元 = … {currency}）：用 `gpupicker catalog fx set` 或在汇率对话框中设置</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="92" />
        <source>model {model} is not resolved</source>
        <translation>模型 {model} 尚未解析</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="93" />
        <source>look it up in the catalog first</source>
        <translation>请先在价格库中查找</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="94" />
        <source>image generation needs a diffusion model (UNet/DiT)</source>
        <translation>图像生成需要扩散模型（UNet/DiT）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="95" />
        <source>{label} is a language model</source>
        <translation>{label} 是语言模型</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="96" />
        <source>{label} is a diffusion model: choose the image-generation task (task 'image_gen')</source>
        <translation>{label} 是扩散模型：请选择图像生成任务（'image_gen'）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="97" />
        <source>QLoRA needs 4-bit or 8-bit base weights (weights_dtype 'nf4' or 'int8')</source>
        <translation>QLoRA 需要 4 位或 8 位基座权重（weights_dtype 'nf4' 或 'int8'）</translation>
    </message>
    <message>
        <source>MindSpeed-LLM is costed with Megatron-LM&apos;s profile on the Ascend NPU (no MindSpeed measurement checked)</source>
        <translation>MindSpeed-LLM 按 Megatron-LM 的模型在昇腾 NPU 上估算（未对照 MindSpeed 的实测数据）</translation>
    </message>
    <message>
        <source>MindFormers is costed with Megatron-LM&apos;s profile (no MindFormers measurement checked)</source>
        <translation>MindFormers 按 Megatron-LM 的模型估算（未对照 MindFormers 的实测数据）</translation>
    </message>
    <message>
        <source>DoRA re-forms W + s·B·A in every forward for its weight norm: {gb} GB more memory traffic per step</source>
        <translation>DoRA 每次前向都要重新组出 W + s·B·A 以计算权重范数：每步多 {gb} GB 显存访问量</translation>
    </message>
    <message>
        <source>EXL2 width {dtype} is outside the {lo}–{hi} bits per weight ExLlamaV2 converts to</source>
        <translation>EXL2 位宽 {dtype} 超出 ExLlamaV2 可转换的 {lo}–{hi} 位/权重范围</translation>
    </message>
    <message>
        <source>MLX (mlx-lm) has no speed profile of its own: costed with llama.cpp&apos;s Metal profile and Hugging Face memory; expect ±30 % or worse</source>
        <translation>MLX（mlx-lm）没有自己的速度模型：按 llama.cpp 的 Metal 速度模型和 Hugging Face 的显存模型估算，误差可能达 ±30% 或更大</translation>
    </message>
    <message>
        <source>OLMo-core is costed with torchtitan&apos;s FSDP2 profile (no OLMo-core measurement checked)</source>
        <translation>OLMo-core 按 torchtitan 的 FSDP2 模型估算（未对照 OLMo-core 的实测数据）</translation>
    </message>
    <message>
        <source>grad_ckpt &apos;offload&apos; / &apos;unsloth&apos; moves the checkpointed layer inputs to host RAM; the estimate keeps them on the GPU, so its activation memory is an upper bound</source>
        <translation>grad_ckpt &apos;offload&apos; / &apos;unsloth&apos; 会把检查点保存的各层输入移到主机内存；估算仍按放在 GPU 上计算，因此激活显存是上限</translation>
    </message>
    <message>
        <source>parallelism.data_parallel = {dp} disagrees with num_gpus / (tensor × pipeline parallel) = {derived}; the estimate uses {derived}</source>
        <translation>parallelism.data_parallel = {dp} 与 num_gpus / (张量并行 × 流水线并行) = {derived} 不一致；估算按 {derived} 计算</translation>
    </message>
    <message>
        <source>{dp} data-parallel replicas of {gpus} GPU(s), each serving {batch} of the sequences: memory and per-sequence speed are one replica&apos;s, batch throughput {dp}× its</source>
        <translation>{dp} 个数据并行副本，每个副本 {gpus} 张卡，各服务 {batch} 条序列：显存和单序列速度为单个副本的数值，批量吞吐为其 {dp} 倍</translation>
    </message>
    <message>
        <source>parallelism.data_parallel = {dp} does not divide num_gpus = {n}</source>
        <translation>parallelism.data_parallel = {dp} 不能整除 num_gpus = {n}</translation>
    </message>
    <message>
        <source>parallelism.expert_parallel = {ep} is not modelled yet: every rank is costed holding all experts, so the weight memory per GPU is an upper bound</source>
        <translation>尚未建模 parallelism.expert_parallel = {ep}：每个 rank 都按持有全部专家估算，因此单卡权重显存是上限</translation>
    </message>
    <message>
        <source>unknown grad_ckpt value {value}; known: {known}</source>
        <translation>未知的 grad_ckpt 取值 {value}；可用取值：{known}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="98" />
        <source>model has neither an architecture nor a parameter count</source>
        <translation>模型既没有结构信息也没有参数量</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="100" />
        <source>Train in pure bf16 (weights and optimizer states)</source>
        <translation>改用纯 bf16 训练（权重和优化器状态都用 bf16）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="101" />
        <source>Use an 8-bit (paged) AdamW (bitsandbytes)</source>
        <translation>使用 8 位（分页）AdamW（bitsandbytes）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="102" />
        <source>Fine-tune LoRA adapters (r=16, all linear layers) instead of all weights</source>
        <translation>只微调 LoRA 适配器（r=16，所有线性层），不训练全部权重</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="103" />
        <source>QLoRA: 4-bit NF4 base weights + LoRA adapters</source>
        <translation>QLoRA：4 位 NF4 基座权重 + LoRA 适配器</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="104" />
        <source>QLoRA: keep the frozen base in 4-bit NF4</source>
        <translation>QLoRA：冻结的基座模型以 4 位 NF4 保存</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="105" />
        <source>Turn on gradient checkpointing</source>
        <translation>开启梯度检查点</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="106" />
        <source>Micro-batch {batch} with {steps}× gradient accumulation (same effective batch)</source>
        <translation>微批次 {batch}，配合 {steps} 步梯度累积（有效批次不变）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="107" />
        <source>Shorter sequences: {tokens} tokens</source>
        <translation>缩短序列：{tokens} 个 token</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="108" />
        <source>Offload optimizer states to CPU RAM (ZeRO-Offload)</source>
        <translation>将优化器状态卸载到 CPU 内存（ZeRO-Offload）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="109" />
        <source>Shard over {n} GPUs with FSDP / ZeRO-3</source>
        <translation>用 FSDP / ZeRO-3 分片到 {n} 张 GPU</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="110" />
        <source>8-bit weights (GGUF Q8_0)</source>
        <translation>8 位权重（GGUF Q8_0）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="111" />
        <source>8-bit weights (FP8/INT8)</source>
        <translation>8 位权重（FP8/INT8）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="112" />
        <source>4-bit weights (GGUF Q4_K_M)</source>
        <translation>4 位权重（GGUF Q4_K_M）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="113" />
        <source>4-bit weights (AWQ/GPTQ, NF4)</source>
        <translation>4 位权重（AWQ/GPTQ、NF4）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="114" />
        <source>Quantize the KV cache to FP8/INT8</source>
        <translation>将 KV 缓存量化为 FP8/INT8</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="115" />
        <source>Shorter context: about {tokens} tokens</source>
        <translation>缩短上下文：约 {tokens} 个 token</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="116" />
        <source>Serve {n} sequences at a time</source>
        <translation>每次同时服务 {n} 个序列</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="117" />
        <source>Split the model over {n} GPUs (tensor parallel)</source>
        <translation>把模型拆分到 {n} 张 GPU 上（张量并行）</translation>
    </message>
    <message>
        <source>{what} exceed the context window of {model} (max_position_embeddings {limit}): positions beyond it were never trained and give garbage unless RoPE scaling (YaRN) is configured</source>
        <translation>{what} 超出 {model} 的上下文窗口（max_position_embeddings {limit}）：超出的位置从未训练过，除非配置 RoPE 缩放（YaRN），否则输出无意义</translation>
    </message>
    <message>
        <source>{what} exceeds the context window of {model} (max_position_embeddings {limit}): train with RoPE scaling configured or shorter sequences</source>
        <translation>{what} 超出 {model} 的上下文窗口（max_position_embeddings {limit}）：请配置 RoPE 缩放后训练，或缩短序列</translation>
    </message>
    <message>
        <source>{fw} runs GGUF files only: {dt} is not a GGUF type, so the estimate uses Q4_K_M for 4-bit and Q8_0 for 8-bit weights; convert the model to GGUF</source>
        <translation>{fw} 只运行 GGUF 文件：{dt} 不是 GGUF 类型，估算按 4 位用 Q4_K_M、8 位用 Q8_0；请把模型转换为 GGUF</translation>
    </message>
    <message>
        <source>{fw} with GGUF weights ({dt}) is not modelled (vLLM's GGUF loader is experimental, the others have none): memory is the server's, speed is llama.cpp's; use AWQ/GPTQ/FP8 weights with this server or llama.cpp for GGUF</source>
        <translation>{fw} 加载 GGUF 权重（{dt}）未建模（vLLM 的 GGUF 加载仍是实验性的，其他引擎没有）：显存按该服务器估算，速度按 llama.cpp 估算；该服务器请用 AWQ/GPTQ/FP8 权重，GGUF 请用 llama.cpp</translation>
    </message>
    <message>
        <source>FP8 weights with Hugging Face transformers need FP8 tensor cores (compute capability 8.9+: Ada, Hopper, Blackwell); the {gpu} has none: use int8 (bitsandbytes) here, or vLLM, whose Marlin kernels run FP8 weights on Ampere</source>
        <translation>Hugging Face transformers 的 FP8 权重需要 FP8 张量核心（计算能力 8.9+：Ada、Hopper、Blackwell）；{gpu} 没有：这里请用 int8（bitsandbytes），或用 vLLM（其 Marlin 内核可在 Ampere 上运行 FP8 权重）</translation>
    </message>
    <message>
        <source>Does not fit: needs {used} GiB per GPU, the {gpu} has {cap} GiB — VRAM is the limit on each of the {n} GPUs (each GPU holds the whole pipeline)</source>
        <translation>显存不足：每张 GPU 需要 {used} GiB，{gpu} 只有 {cap} GiB——显存是瓶颈，{n} 张 GPU 每张都要放下整个管线</translation>
    </message>
    <message>
        <source>Only sequential CPU offload ({x}× slower per step) fits at {dtype}; {alt} denoiser weights fit in {gib} GiB at about {s} s per image</source>
        <translation>{dtype} 只有逐层 CPU 卸载（每步慢 {x} 倍）时显存才够用；{alt} 去噪器权重只需 {gib} GiB，每张图约 {s} 秒</translation>
    </message>
    <message>
        <source>data-parallel training: each of the {n} GPUs trains on its own images and the LoRA gradients are all-reduced</source>
        <translation>数据并行训练：{n} 张 GPU 各自训练不同的图片，LoRA 梯度做 all-reduce</translation>
    </message>
    <message>
        <source>{s} s per training image (all GPUs together)</source>
        <translation>每张训练图片 {s} 秒（所有 GPU 合计）</translation>
    </message>
    <message>
        <source>FP8 denoiser weights (diffusers / torchao fp8 quantization)</source>
        <translation>FP8 去噪器权重（diffusers / torchao fp8 量化）</translation>
    </message>
    <message>
        <source>4-bit NF4 denoiser weights (bitsandbytes)</source>
        <translation>4 位 NF4 去噪器权重（bitsandbytes）</translation>
    </message>
    <message>
        <source>VAE tiling + slicing (decode in 512² tiles, one image at a time)</source>
        <translation>VAE 分块 + 切片（按 512² 分块解码，一次一张图）</translation>
    </message>
    <message>
        <source>Model CPU offload (enable_model_cpu_offload: one component on the GPU at a time)</source>
        <translation>模型 CPU 卸载（enable_model_cpu_offload：一次只把一个组件放在 GPU 上）</translation>
    </message>
    <message>
        <source>Sequential CPU offload (enable_sequential_cpu_offload: weights streamed to the GPU block by block)</source>
        <translation>顺序 CPU 卸载（enable_sequential_cpu_offload：权重逐块传到 GPU）</translation>
    </message>
    <message>
        <source>{nb} image(s) per call instead of {b}</source>
        <translation>每次调用生成 {nb} 张图而不是 {b} 张</translation>
    </message>
    <message>
        <source>Lower resolution: {r}² pixels</source>
        <translation>降低分辨率：{r}² 像素</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="119" />
        <source>faster</source>
        <translation>更快</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="120" />
        <source>slight</source>
        <translation>影响轻微</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="121" />
        <source>keep fp32 master weights if the loss stalls</source>
        <translation>若损失不再下降，请保留 fp32 主权重</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="122" />
        <source>≈ same speed</source>
        <translation>速度基本不变</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="123" />
        <source>negligible (8-bit Adam matches 32-bit, Dettmers et al. 2022)</source>
        <translation>可忽略（8 位 Adam 与 32 位效果相当，Dettmers 等，2022）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="124" />
        <source>faster per step</source>
        <translation>每步更快</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="125" />
        <source>usually close to full fine-tuning for instruction tuning</source>
        <translation>指令微调的效果通常接近全参数微调</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="126" />
        <source>less for new domains</source>
        <translation>用于新领域时差距更大</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="127" />
        <source>≈30–50 % slower than LoRA (dequantization)</source>
        <translation>比 LoRA 慢约 30–50%（反量化开销）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="128" />
        <source>close to 16-bit LoRA (QLoRA paper)</source>
        <translation>接近 16 位 LoRA（QLoRA 论文）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="129" />
        <source>≈30–50 % slower (dequantization)</source>
        <translation>慢约 30–50%（反量化开销）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="130" />
        <source>≈20–35 % slower (the forward pass is recomputed)</source>
        <translation>慢约 20–35%（需要重算前向传播）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/i18n/core_messages.py" line="24" />
        <source>language code</source>
        <translation>zh_CN</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="131" />
        <source>none</source>
        <translation>不影响质量</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="132" />
        <source>slower at small micro-batches</source>
        <translation>微批次过小会拖慢速度</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="133" />
        <source>long examples are truncated or split</source>
        <translation>过长的样本会被截断或拆分</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="134" />
        <source>much slower optimizer step (PCIe-bound)</source>
        <translation>优化器步骤慢得多（受 PCIe 带宽限制）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="135" />
        <source>needs ≈12 B/param of CPU RAM</source>
        <translation>每个参数需要约 12 字节 CPU 内存</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="136" />
        <source>{n}× the GPU-hours price</source>
        <translation>卡时费用变为 {n} 倍</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="137" />
        <source>needs NVLink-class links to scale</source>
        <translation>需要 NVLink 级互联才能线性扩展</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="138" />
        <source>PCIe-only cards lose speed to all-reduce</source>
        <translation>只有 PCIe 的卡会因 all-reduce 损失速度</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="139" />
        <source>similar or faster with good kernels (bitsandbytes int8 is slower)</source>
        <translation>有优化内核时速度相近或更快（bitsandbytes int8 较慢）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="140" />
        <source>very small</source>
        <translation>很小</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="141" />
        <source>faster decode (fewer bytes per token)</source>
        <translation>解码更快（每个 token 读取的字节更少）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="142" />
        <source>small (≈1–3 % on benchmarks)</source>
        <translation>较小（基准测试上约 1–3%）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="143" />
        <source>faster decode</source>
        <translation>解码更快</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="144" />
        <source>long prompts are cut</source>
        <translation>过长的提示词会被截断</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="145" />
        <source>lower aggregate throughput</source>
        <translation>总吞吐量降低</translation>
    </message>
    <message>
        <source>{n} × {price} per GPU-hour = {per_hour}/h</source>
        <translation>{n} 卡 × {price}/卡时 = {per_hour}/小时</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="148" />
        <source>Spot: +{extra} redone work and restarts (one interruption per {mtbi} h, checkpoints every {interval} h) → {hours} h</source>
        <translation>竞价实例：重做的工作和重启另需 +{extra}（每 {mtbi} 小时中断一次，每 {interval} 小时保存一次检查点）→ {hours} 小时</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="149" />
        <source>Serving {hours} h per month</source>
        <translation>每月服务 {hours} 小时</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="150" />
        <source>{hours} h used per month</source>
        <translation>每月使用 {hours} 小时</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="151" />
        <source>power {watts} W × {utilization} at ${price}/kWh</source>
        <translation>功耗 {watts} W × {utilization}，电价 {price} 美元/度</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="152" />
        <source>no resale value</source>
        <translation>不计转售残值</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="154" />
        <source>Engine: {engine}</source>
        <translation>引擎：{engine}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="155" />
        <source>{eta} of peak memory bandwidth ({bandwidth} GB/s) for {dtype} weights</source>
        <translation>{dtype} 权重下达到峰值显存带宽（{bandwidth} GB/s）的 {eta}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="156" />
        <source>Decode reads {weights} GB of weights per step</source>
        <translation>每步解码读取 {weights} GB 权重</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="157" />
        <source>Decode reads {weights} GB of weights + {kv} GB of KV cache per step</source>
        <translation>每步解码读取 {weights} GB 权重 + {kv} GB KV 缓存</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="158" />
        <source>Decode reads {weights} GB of weights per step, split over {n} GPUs (tensor parallel over {link})</source>
        <translation>每步解码读取 {weights} GB 权重，由 {n} 张 GPU 分担（通过 {link} 张量并行）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="159" />
        <source>Decode reads {weights} GB of weights + {kv} GB of KV cache per step, split over {n} GPUs (tensor parallel over {link})</source>
        <translation>每步解码读取 {weights} GB 权重 + {kv} GB KV 缓存，由 {n} 张 GPU 分担（通过 {link} 张量并行）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="160" />
        <source>{n} GPUs hold different layers in turn: more memory, no more speed</source>
        <translation>{n} 张 GPU 轮流承载不同的层：显存更多，速度不变</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="163" />
        <source>Calibration: {source}</source>
        <translation>校准依据：{source}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="164" />
        <source>{dtype} dequantization adds {ms} ms per step</source>
        <translation>{dtype} 反量化每步增加 {ms} ms</translation>
    </message>
    <message>
        <source>Attention stays inside each packed document of {doc} tokens (document mask in {block}-token blocks): {share} of the causal attention over the whole sequence</source>
        <translation>注意力只在每个打包文档（{doc} 个 token）内部计算（文档掩码，按 {block} token 分块）：相当于整条序列因果注意力的 {share}</translation>
    </message>
    <message>
        <source>FP8 runs the Linear layers only: attention and the output head ({gflop} GFLOP per token) run at the 16-bit rate of {tflops} TFLOPS</source>
        <translation>FP8 只用于线性层：注意力和输出头（每个 token {gflop} GFLOP）按 16 位算力 {tflops} TFLOPS 计算</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="165" />
        <source>{gflop} GFLOP per token ({formula} + attention) at MFU {mfu} of {tflops} TFLOPS dense</source>
        <translation>每个 token {gflop} GFLOP（{formula} + 注意力），MFU 为稠密 {tflops} TFLOPS 的 {mfu}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="166" />
        <source>Framework {framework}: eager PyTorch with {ms} ms host overhead per step (H200 cases)</source>
        <translation>框架 {framework}：eager PyTorch，每步主机开销 {ms} ms（依据 H200 实测）</translation>
    </message>
    <message>
        <source>Tensor parallel over {tp} GPUs: 4 activation all-reduces per layer, {ms} ms per micro-batch over {link}, not overlapped with compute ({share} of the step)</source>
        <translation>{tp} 卡张量并行：每层 4 次激活 all-reduce，每个微批 {ms} ms（互联：{link}），不与计算重叠（占单步 {share}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="167" />
        <source>Data-parallel scaling efficiency {share} over {link}</source>
        <translation>数据并行扩展效率 {share}（互联：{link}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="168" />
        <source>No TFLOPS figure for {gpu} in the catalog: assumed {tflops} TFLOPS from its memory bandwidth</source>
        <translation>价格库中没有 {gpu} 的 TFLOPS 数据：按其显存带宽假定为 {tflops} TFLOPS</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="169" />
        <source>enter the real figure in the catalog for a better estimate</source>
        <translation>在价格库中填入真实数值可得到更准确的估算</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="171" />
        <source>{net} between {nodes} nodes</source>
        <translation>跨 {nodes} 个节点的 {net}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="172" />
        <source>Ethernet</source>
        <translation>以太网</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="175" />
        <source>Several GPUs generate different images in parallel</source>
        <translation>多张 GPU 并行生成不同的图片</translation>
    </message>
    <message>
        <source>{images} image(s) keep only {busy} of the {n} GPUs busy</source>
        <translation>{images} 张图片只能让 {n} 张 GPU 中的 {busy} 张有活干</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="176" />
        <source>{layers}/{total} layers on the GPU</source>
        <translation>{total} 层中有 {layers} 层在 GPU 上</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="177" />
        <source>the rest run from system RAM at ≈50 GB/s</source>
        <translation>其余层在系统内存中运行，约 50 GB/s</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="179" />
        <source>Weights only: one batch-1 decode pass</source>
        <translation>只计权重：批次为 1 的一次解码</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="180" />
        <source>Hugging Face transformers generate() with a growing DynamicCache</source>
        <translation>Hugging Face transformers generate()，DynamicCache 随生成增长</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="181" />
        <source>KV cache in {dtype} for {batch} × {tokens} tokens</source>
        <translation>KV 缓存为 {dtype}，容纳 {batch} × {tokens} 个 token</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="182" />
        <source>Caching-allocator reserve calibrated on H200 measurements</source>
        <translation>缓存分配器的预留量按 H200 实测校准</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="182" />
        <source>paged 8-bit AdamW states ({gib} GiB) live in CUDA unified memory, outside PyTorch's allocator, and page out to host RAM when the GPU is full: not counted on the GPU</source>
        <translation>分页 8-bit AdamW 的优化器状态（{gib} GiB）位于 CUDA 统一内存中，不经过 PyTorch 的分配器，显存不足时会换出到主机内存：不计入显存</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="182" />
        <source>optimizer step fused into the backward pass: each gradient is applied and freed at once (only the largest one is alive)</source>
        <translation>优化器更新融合进反向传播：每个梯度算出后立即更新并释放（同一时刻只保留最大的那个梯度）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="182" />
        <source>FSDP keeps the root unit (embeddings, lm_head, final norm) unsharded from forward to backward, and every rank keeps the whole 4-bit quantization state: {gib} GiB per GPU over an even split</source>
        <translation>FSDP 从前向到反向都不切分根单元（词嵌入、lm_head、最后的 norm），且每张卡都保存完整的 4-bit 量化状态：比均匀切分每卡多 {gib} GiB</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="182" />
        <source>bitsandbytes LLM.int8: the prefill dequantizes the weight columns that meet an outlier (threshold 6.0); upper bound taken: every column of the widest Linear</source>
        <translation>bitsandbytes LLM.int8：预填充时会把出现离群值（阈值 6.0）的权重列反量化；按上限估计：最宽的 Linear 层的每一列都反量化</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="182" />
        <source>expert parallel over {ep} ranks: each GPU holds {local} of the {experts} routed experts of every MoE layer (the rest of the model split as before)</source>
        <translation>专家并行（{ep} 个 rank）：每张卡只保存每个 MoE 层 {experts} 个路由专家中的 {local} 个（模型其余部分照常切分）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="182" />
        <source>parallelism.expert_parallel = {ep} is more than num_gpus = {n}: the estimate splits the experts over {n}</source>
        <translation>parallelism.expert_parallel = {ep} 大于 num_gpus = {n}：估算按 {n} 张卡切分专家</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="182" />
        <source>parallelism.expert_parallel = {ep} has no effect: the model has no routed experts</source>
        <translation>parallelism.expert_parallel = {ep} 不起作用：该模型没有路由专家</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="183" />
        <source>Only the parameter count is known: layer sizes assumed Llama-like (hidden {hidden}, {layers} layers, no GQA)</source>
        <translation>只知道参数量：层尺寸按 Llama 结构假定（隐藏层维度 {hidden}，{layers} 层，无 GQA）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="184" />
        <source>Enter the model's config.json for exact KV-cache and activation sizes</source>
        <translation>填入模型的 config.json 可得到准确的 KV 缓存和激活值大小</translation>
    </message>
    <message>
        <source>the KV cache is not split over the {tp} tensor-parallel ranks: every rank holds {copies}× its share (an MLA latent, or fewer KV heads than ranks, is replicated: vLLM get_num_kv_heads)</source>
        <translation>KV 缓存不随 {tp} 路张量并行切分：每张卡都存 {copies} 倍于均分的份额（MLA 的 latent，或 KV 头数少于并行路数时，会在各卡复制：vLLM get_num_kv_heads）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="186" />
        <source>KV cache in {dtype}, {block}-token blocks</source>
        <translation>KV 缓存为 {dtype}，每块 {block} 个 token</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="188" />
        <source>{seqs} concurrent sequences of {tokens} tokens</source>
        <translation>{seqs} 个并发序列，每个 {tokens} 个 token</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="190" />
        <source>No GPU given: KV sized for the batch</source>
        <translation>未指定 GPU：KV 按批次大小计算</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="191" />
        <source>llama.cpp, {dtype} weights, n_ctx {ctx} with {kv} KV allocated at load</source>
        <translation>llama.cpp，{dtype} 权重，n_ctx {ctx}，加载时按 {kv} 分配 KV</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="192" />
        <source>Token embeddings stay in host RAM</source>
        <translation>词嵌入留在主机内存中</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="193" />
        <source>compute buffer ≈ n_ubatch × n_vocab fp32 logits</source>
        <translation>计算缓冲区 ≈ n_ubatch × n_vocab 个 fp32 logits</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="194" />
        <source>Only {layers} of {total} layers fit on the GPU (-ngl {ngl})</source>
        <translation>GPU 显存只容得下 {total} 层中的 {layers} 层（-ngl {ngl}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="195" />
        <source>the rest run on the CPU, several times slower</source>
        <translation>其余层在 CPU 上运行，慢好几倍</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="196" />
        <source>Adapters train in {dtype} with {optimizer}</source>
        <translation>适配器以 {dtype} 训练，优化器为 {optimizer}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="197" />
        <source>the base model is frozen</source>
        <translation>基座模型冻结</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="198" />
        <source>AdamW (2 states)</source>
        <translation>AdamW（2 个状态）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="199" />
        <source>SGD with momentum (1 state)</source>
        <translation>带动量的 SGD（1 个状态）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="200" />
        <source>Lion (1 state)</source>
        <translation>Lion（1 个状态）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="201" />
        <source>Adafactor (factored second moments)</source>
        <translation>Adafactor（分解的二阶矩）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="202" />
        <source>paged 8-bit AdamW (2 bytes of state)</source>
        <translation>分页 8 位 AdamW（2 字节状态）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="203" />
        <source>Mixed precision with fp32 master weights ({framework}): 2 + 2 + 12 = 16 bytes per parameter (ZeRO paper)</source>
        <translation>混合精度，fp32 主权重（{framework}）：每个参数 2 + 2 + 12 = 16 字节（ZeRO 论文）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="204" />
        <source>fp32 parameters and gradients with {optimizer} in fp32 (4 + 4 + 8 bytes per parameter)</source>
        <translation>fp32 参数和梯度，{optimizer} 也用 fp32（每个参数 4 + 4 + 8 字节）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="205" />
        <source>Pure {dtype} training: parameters, gradients and {optimizer} in {dtype2} (2 + 2 + 4 bytes per parameter with AdamW)</source>
        <translation>纯 {dtype} 训练：参数、梯度和 {optimizer} 都用 {dtype2}（使用 AdamW 时每个参数 2 + 2 + 4 字节）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="206" />
        <source>choose framework 'deepspeed' or 'fsdp' for fp32 master weights (16 bytes per parameter)</source>
        <translation>如需 fp32 主权重（每个参数 16 字节），请选择框架 'deepspeed' 或 'fsdp'</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="207" />
        <source>Peak at the loss: saved activations and fp32 logits are alive</source>
        <translation>峰值出现在计算损失时：保存的激活值和 fp32 logits 同时占用显存</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="208" />
        <source>Peak at the end of backward: all gradients plus one layer's activations</source>
        <translation>峰值出现在反向传播结束时：全部梯度加一层的激活值</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="209" />
        <source>Peak at the optimizer step: gradients, states and optimizer temporaries</source>
        <translation>峰值出现在优化器步骤：梯度、状态和优化器临时张量</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="210" />
        <source>{task} with {optimizer_id}</source>
        <translation>{task}，优化器 {optimizer_id}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="211" />
        <source>micro-batch {batch} × {tokens} tokens</source>
        <translation>微批次 {batch} × {tokens} 个 token</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="212" />
        <source>gradient checkpointing</source>
        <translation>开启梯度检查点</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="213" />
        <source>no gradient checkpointing</source>
        <translation>未开启梯度检查点</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="214" />
        <source>Weights include autocast's bf16 copies of the fp32 parameters</source>
        <translation>权重包含 autocast 为 fp32 参数生成的 bf16 副本</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="215" />
        <source>diffusers {family} pipeline at {width}×{height}, {batch} image(s) per call</source>
        <translation>diffusers {family} 流水线，{width}×{height}，每次调用生成 {batch} 张图</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="216" />
        <source>diffusers {family} pipeline at {width}×{height}, {batch} image(s) per call, classifier-free guidance</source>
        <translation>diffusers {family} 流水线，{width}×{height}，每次调用生成 {batch} 张图，使用无分类器引导</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="217" />
        <source>Peak at the denoiser</source>
        <translation>峰值出现在去噪网络</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="218" />
        <source>Peak at the VAE decode</source>
        <translation>峰值出现在 VAE 解码</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/core_text.py" line="222" />
        <source>{file} is a PyTorch pickle file: gpupicker never opens pickles, because loading one can run any code it contains</source>
        <translation>{file} 是 PyTorch pickle 文件：gpupicker 从不打开 pickle 文件，因为加载它可能运行其中包含的任意代码</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/core_text.py" line="223" />
        <source>Convert it to .safetensors (transformers: save_pretrained(..., safe_serialization=True)) or to .gguf (llama.cpp convert_hf_to_gguf.py), or import the model's config.json</source>
        <translation>请将其转换为 .safetensors（transformers：save_pretrained(..., safe_serialization=True)）或 .gguf（llama.cpp convert_hf_to_gguf.py），或导入该模型的 config.json</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/core_text.py" line="224" />
        <source>{file} is not a valid safetensors file: its header claims {n} bytes, more than the {limit}-byte limit of the format</source>
        <translation>{file} 不是有效的 safetensors 文件：其文件头声称有 {n} 字节，超过该格式 {limit} 字节的上限</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/core_text.py" line="225" />
        <source>{file} is not a valid safetensors file: its header claims {n} bytes but the file has only {size} (cut short or not safetensors)</source>
        <translation>{file} 不是有效的 safetensors 文件：其文件头声称有 {n} 字节，但文件只有 {size} 字节（文件不完整或并非 safetensors）</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/core_text.py" line="226" />
        <source>{file} is cut short: tensor {tensor} ends at byte {n} but the file has {size} bytes ({share} of it is there)</source>
        <translation>{file} 不完整：张量 {tensor} 结束于第 {n} 字节，但文件只有 {size} 字节（现有 {share}）</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/core_text.py" line="227" />
        <source>model_type {type} is not one gpupicker models: read as a Llama-style decoder from hidden_size, num_hidden_layers, num_attention_heads, intermediate_size and vocab_size (gated MLP, no q/k/v biases assumed)</source>
        <translation>gpupicker 未建模 model_type {type}：按 Llama 式解码器读取 hidden_size、num_hidden_layers、num_attention_heads、intermediate_size 和 vocab_size（假定门控 MLP、q/k/v 无偏置）</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/core_text.py" line="228" />
        <source>the weights are quantized ({method}): element counts of packed tensors are not parameters, so the count comes from config.json</source>
        <translation>权重已量化（{method}）：打包张量的元素数不等于参数量，因此参数量取自 config.json</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/core_text.py" line="222" />
        <source>{ms} ms per denoising step × {steps} steps, {images} image(s) per call</source>
        <translation>每个去噪步 {ms} 毫秒 × {steps} 步，每次调用 {images} 张图</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="224" />
        <source>{tflop} TFLOP per step for the {family} denoiser at {eta} of {tflops} sustained TFLOPS, plus {fixed} ms fixed per step (diffusers benchmark table, C59)</source>
        <translation>{family} 去噪网络每步 {tflop} TFLOP，按持续 {tflops} TFLOPS 的 {eta} 计算，另加每步固定 {fixed} 毫秒（diffusers 基准表，C59）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="224" />
        <source>{tflop} TFLOP of it is attention, run by PyTorch SDPA's FlashAttention-2 kernel at {share} of the peak on {arch} (FlashAttention-2 and -3 papers)</source>
        <translation>其中 {tflop} TFLOP 为注意力计算，由 PyTorch SDPA 的 FlashAttention-2 内核执行，在 {arch} 上按峰值的 {share} 计算（FlashAttention-2 与 FlashAttention-3 论文）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="224" />
        <source>Attention is costed at the family's {eta}: SDPA's attention kernel rate on {arch} is not measured</source>
        <translation>注意力按该系列的 {eta} 计算：SDPA 注意力内核在 {arch} 上的速率未经实测</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="225" />
        <source>{tflop} TFLOP per step for the {family} denoiser with classifier-free guidance at {eta} of {tflops} sustained TFLOPS, plus {fixed} ms fixed per step (diffusers benchmark table, C59)</source>
        <translation>{family} 去噪网络（含无分类器引导）每步 {tflop} TFLOP，按持续 {tflops} TFLOPS 的 {eta} 计算，另加每步固定 {fixed} 毫秒（diffusers 基准表，C59）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="226" />
        <source>Range {lo}–{hi} s per image (host CPU, attention kernel and compile not known)</source>
        <translation>范围：每张图 {lo}–{hi} 秒（主机 CPU、注意力内核和编译情况未知）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="227" />
        <source>Memory options applied: {options}</source>
        <translation>已启用的显存选项：{options}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="228" />
        <source>memory options: {options}</source>
        <translation>显存选项：{options}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="229" />
        <source>no memory options</source>
        <translation>未启用显存选项</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="230" />
        <source>VAE tiling + slicing</source>
        <translation>VAE 分块 + 切片</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="231" />
        <source>VAE slicing</source>
        <translation>VAE 切片</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="232" />
        <source>attention slicing</source>
        <translation>注意力切片</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="233" />
        <source>model CPU offload</source>
        <translation>模型 CPU 卸载</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="234" />
        <source>sequential CPU offload</source>
        <translation>逐层 CPU 卸载</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="235" />
        <source>Range {lo}–{hi} GiB (working-set constants from one published SDXL case, C59)</source>
        <translation>范围：{lo}–{hi} GiB（工作集常数来自一个公开的 SDXL 案例，C59）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="236" />
        <source>LoRA training step: {images} image(s) at {res}², frozen denoiser, about {mparams} M LoRA parameters with AdamW</source>
        <translation>LoRA 训练步：{images} 张 {res}² 图像，去噪网络冻结，约 {mparams}个 LoRA 参数，使用 AdamW</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="238" />
        <source>peft prepare_model_for_kbit_training: embeddings, lm_head and norms in fp32, fp32 residual stream</source>
        <translation>peft prepare_model_for_kbit_training：嵌入层、lm_head 和归一化层为 fp32，残差流为 fp32</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="238" />
        <source>{framework} keeps the embeddings and lm_head of the k-bit base in 16-bit (not peft's fp32 upcast): 16-bit residual stream</source>
        <translation>{framework} 将 k-bit 基座的嵌入层和 lm_head 保持为 16 位（不做 peft 的 fp32 上转）：残差流为 16 位</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="239" />
        <source>Framework profile: {framework} (full fp32 logits at the loss)</source>
        <translation>框架配置：{framework}（损失处保留完整 fp32 logits）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="240" />
        <source>Framework profile: {framework} (fused/chunked cross-entropy)</source>
        <translation>框架配置：{framework}（融合/分块交叉熵）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="241" />
        <source>{framework} offloads the checkpointed layer inputs to CPU RAM: {gib} GiB of host memory</source>
        <translation>{framework} 把检查点保存的层输入卸载到 CPU 内存：占用主机内存 {gib} GiB</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="242" />
        <source>Framework {framework}: optimized stack, MFU × {factor} of llm-foundry's</source>
        <translation>框架 {framework}：优化训练栈，MFU 为 llm-foundry 的 {factor} 倍</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="243" />
        <source>{framework} is {factor}× faster than HF Trainer on the same job (its published benchmarks)</source>
        <translation>同一任务上 {framework} 比 HF Trainer 快 {factor} 倍（其公开基准）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="244" />
        <source>Range {lo}–{hi} training tokens/s (published torchtitan and llm-foundry tables: within −20 % to +25 %)</source>
        <translation>范围：每秒 {lo}–{hi} 个训练 token（对照 torchtitan 和 llm-foundry 公开表格：误差在 −20% 到 +25% 之间）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="245" />
        <source>Range {lo}–{hi} GiB (measured H200 cases of this framework: within ±3 %)</source>
        <translation>范围：{lo}–{hi} GiB（该框架的 H200 实测案例：误差在 ±3% 以内）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="246" />
        <source>Range {lo}–{hi} GiB (framework profile from its published figures: ±15 %)</source>
        <translation>范围：{lo}–{hi} GiB（框架配置来自其公开数据：±15%）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="247" />
        <source>training framework {name} is not modelled; choose one of {choices}</source>
        <translation>未建模的训练框架 {name}；请选择以下之一：{choices}</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>Price marked {flag}: {why}</source>
        <translation>价格标记为{flag}：{why}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>low-trust</source>
        <translation>低可信</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>stale</source>
        <translation>过期</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>observed {observed}, over {months} months ago</source>
        <translation>采集于 {observed}，已超过 {months} 个月</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>observed date unknown</source>
        <translation>采集日期未知</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>its source says: {marker}</source>
        <translation>其来源注明：{marker}</translation>
    </message>
    <message>
        <source>{price} per GPU-hour is below any real rental ({floor}): check its unit and currency</source>
        <translation>每卡时 {price} 低于任何真实租价（{floor}）：请检查单位和币种</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>a figure quoted in a guide, no provider named</source>
        <translation>指南中引用的数字，未注明云服务商</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>The top pick rests on a {flag} price ({provider}, {kind}, observed {observed}: {why})</source>
        <translation>首选方案依赖一个{flag}价格（{provider}，{kind}，采集于 {observed}：{why}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>check it before relying on it</source>
        <translation>使用前请核实</translation>
    </message>
    <message>
        <source>The best option with an unflagged price is #{rank} ({n} × {gpu}, {provider}, {per_hour}/h)</source>
        <translation>价格未被标记的最佳方案是第 {rank} 名（{n} × {gpu}，{provider}，{per_hour}/小时）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>provider list price</source>
        <translation>云服务商标价</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>marketplace listing</source>
        <translation>市场挂牌价</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>scraped aggregate</source>
        <translation>抓取汇总价</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>quoted in a guide</source>
        <translation>指南引用价</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>your own price</source>
        <translation>您自己的价格</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>your own hardware</source>
        <translation>您自己的硬件</translation>
    </message>
    <message>
        <source>Break-even vs the best rental ({n} × {gpu}, {provider}, {per_hour}/h): {months} months at {share} use</source>
        <translation>与最佳租用方案（{n} × {gpu}，{provider}，{per_hour}/小时）相比的回本时间：按 {share} 使用率需 {months} 个月</translation>
    </message>
    <message>
        <source>Break-even vs the best rental ({n} × {gpu}, {provider}, {per_hour}/h): never (the rental costs less than the power bill)</source>
        <translation>与最佳租用方案（{n} × {gpu}，{provider}，{per_hour}/小时）相比：永远无法回本（租金低于电费）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>owned {gpu_id}: give its power draw in W (the catalog has no TDP)</source>
        <translation>自有 {gpu_id}：请填写其功耗（W），价格库中没有 TDP</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>owned {gpu_id}: the GPU is not in the catalog, left out</source>
        <translation>自有 {gpu_id}：价格库中没有这款 GPU，未参与排名</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>Calibrated on your {n} run (memory ×{mf}, error {mb} → {ma})</source>
        <translation>已按您的 {n} 次运行校准（显存 ×{mf}，误差 {mb} → {ma}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>Calibrated on your {n} runs (memory ×{mf}, error {mb} → {ma})</source>
        <translation>已按您的 {n} 次运行校准（显存 ×{mf}，误差 {mb} → {ma}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>Calibrated on your {n} run (speed ×{sf}, error {sb} → {sa})</source>
        <translation>已按您的 {n} 次运行校准（速度 ×{sf}，误差 {sb} → {sa}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>Calibrated on your {n} runs (speed ×{sf}, error {sb} → {sa})</source>
        <translation>已按您的 {n} 次运行校准（速度 ×{sf}，误差 {sb} → {sa}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>Calibrated on your {n} run (memory ×{mf}, error {mb} → {ma}, speed ×{sf}, error {sb} → {sa})</source>
        <translation>已按您的 {n} 次运行校准（显存 ×{mf}，误差 {mb} → {ma}；速度 ×{sf}，误差 {sb} → {sa}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>Calibrated on your {n} runs (memory ×{mf}, error {mb} → {ma}, speed ×{sf}, error {sb} → {sa})</source>
        <translation>已按您的 {n} 次运行校准（显存 ×{mf}，误差 {mb} → {ma}；速度 ×{sf}，误差 {sb} → {sa}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>Scaled ×{factor} to match your recorded runs</source>
        <translation>已乘以 {factor}，与您记录的运行一致</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>Speed scaled ×{factor} to match your recorded runs</source>
        <translation>速度已乘以 {factor}，与您记录的运行一致</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>GPU energy {kwh} kWh ({watts} W × {share} × {n} GPUs)</source>
        <translation>GPU 能耗 {kwh} kWh（{watts} W × {share} × {n} 张卡）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="54" />
        <source>{kwh} kWh per 1M tokens</source>
        <translation>每 100 万 token {kwh} kWh</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="222" />
        <source>Fixed engine time {ms} ms per step</source>
        <translation>引擎每步固定时间 {ms} ms</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="223" />
        <source>Fixed engine time {ms} ms per step (host launches {host} ms)</source>
        <translation>引擎每步固定时间 {ms} ms（主机端内核启动 {host} ms）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="224" />
        <source>decode GEMMs at {share} of sustained tensor peak</source>
        <translation>解码矩阵乘法达到持续张量峰值的 {share}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="225" />
        <source>Expected within ±{pct} % of measured speed</source>
        <translation>预计与实测速度相差在 ±{pct}% 以内</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="226" />
        <source>{gpu}: {tflops} TFLOPS from its GPU core count (128 FP32 ALUs per Apple GPU core)</source>
        <translation>{gpu}：按 GPU 核心数推算为 {tflops} TFLOPS（每个 Apple GPU 核心 128 个 FP32 运算单元）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="227" />
        <source>FP16-accumulate GEMMs run at twice the listed GeForce rate</source>
        <translation>FP16 累加的矩阵乘法以 GeForce 标称速率的两倍运行</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="228" />
        <source>Power-limited part ({watts} W): tensor throughput {share} of the datasheet figure</source>
        <translation>功耗受限型号（{watts} W）：张量吞吐为规格值的 {share}</translation>
    </message>
    <message>
        <source>Measured dense GEMMs at {watts} W: tensor throughput {share} of the datasheet figure</source>
        <translation>实测稠密 GEMM（{watts} W）：张量吞吐为规格值的 {share}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="229" />
        <source>ECC on GDDR: {share} of datasheet bandwidth</source>
        <translation>GDDR 开启 ECC：带宽为规格值的 {share}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="230" />
        <source>ROCm GEMMs at {share} of CUDA efficiency</source>
        <translation>ROCm 矩阵乘法效率为 CUDA 的 {share}</translation>
    </message>
    <message>
        <source>framework {framework} has no LLM inference speed model; inference frameworks: {choices}</source>
        <translation>框架 {framework} 没有大模型推理速度模型；可用的推理框架：{choices}</translation>
    </message>
    <message>
        <source>{formula} + recompute 2·P</source>
        <translation>{formula} + 重计算 2·P</translation>
    </message>
    <message>
        <source>llama.cpp (CUDA/Metal, all layers on GPU)</source>
        <translation>llama.cpp（CUDA/Metal，全部层在 GPU 上）</translation>
    </message>
    <message>
        <source>Hugging Face transformers generate()</source>
        <translation>Hugging Face transformers 的 generate()</translation>
    </message>
    <message>
        <source>PyTorch eager generate (LitGPT, torchtune)</source>
        <translation>PyTorch eager 模式生成（LitGPT、torchtune）</translation>
    </message>
    <message>
        <source>vllm-ascend (ACL graphs, paged KV, continuous batching)</source>
        <translation>vllm-ascend（ACL 图模式、分页 KV、连续批处理）</translation>
    </message>
    <message>
        <source>vLLM (CUDA graphs, paged KV, continuous batching)</source>
        <translation>vLLM（CUDA Graph、分页 KV、连续批处理）</translation>
    </message>
    <message>
        <source>SGLang (CUDA graphs, radix KV, overlap scheduler)</source>
        <translation>SGLang（CUDA Graph、Radix KV 缓存、重叠调度器）</translation>
    </message>
    <message>
        <source>TensorRT-LLM (v0.6 kernels)</source>
        <translation>TensorRT-LLM（v0.6 内核）</translation>
    </message>
    <message>
        <source>MLC-LLM (TVM-compiled kernels)</source>
        <translation>MLC-LLM（TVM 编译的内核）</translation>
    </message>
    <message>
        <source>ExLlamaV2 (EXL2/GPTQ kernels, CUDA graphs off)</source>
        <translation>ExLlamaV2（EXL2/GPTQ 内核，未启用 CUDA Graph）</translation>
    </message>
    <message>
        <source>LMDeploy TurboMind (persistent batching, blocked KV, W4A16 kernels)</source>
        <translation>LMDeploy TurboMind（持续批处理、分块 KV、W4A16 内核）</translation>
    </message>
    <message>
        <source>MindIE / vllm-ascend (Ascend NPU, CANN)</source>
        <translation>MindIE / vllm-ascend（昇腾 NPU，CANN）</translation>
    </message>
    <message>
        <source>ideal (CUDA graph of matvecs)</source>
        <translation>理想引擎（矩阵向量乘的 CUDA Graph）</translation>
    </message>
    <message>
        <source>llama-bench tables of 20+ consumer, workstation, datacenter and Apple GPUs (XiongjieDai/GPU-Benchmarks-on-LLM-Inference, llama.cpp PR #4766 and #4812)</source>
        <translation>20 多款消费级、工作站、数据中心和 Apple GPU 的 llama-bench 测试表（XiongjieDai/GPU-Benchmarks-on-LLM-Inference，llama.cpp PR #4766 和 #4812）</translation>
    </message>
    <message>
        <source>Qwen README inference table (A100, transformers 4.3x: 7B/14B bf16 and Int4), Qwen3 speed benchmark (H20, transformers 4.51.3: dense, FP8 and MoE rows), H200 hf_generate cases for transformers 5.x (h200.jsonl: 13.54 / 9.92 tok/s for 7B / 13B), host speed varies by machine</source>
        <translation>Qwen README 推理表（A100，transformers 4.3x：7B/14B bf16 与 Int4），Qwen3 速度基准（H20，transformers 4.51.3：稠密、FP8 与 MoE 各行），transformers 5.x 的 H200 hf_generate 实测（h200.jsonl：7B / 13B 为 13.54 / 9.92 tokens/s），主机速度因机器而异</translation>
    </message>
    <message>
        <source>LitGPT resource tables (C36): Llama-2-7B bf16 31.0 tok/s on A100 40GB</source>
        <translation>LitGPT 资源表（C36）：Llama-2-7B bf16 在 A100 40GB 上为 31.0 tokens/s</translation>
    </message>
    <message>
        <source>formulas.md §7 (η ≈ 0.8, inference-sim #415) and a CPU time of 2 ms per step plus 12 µs per running sequence (scheduler, sampling); checked on the published vLLM cases of validation/cases.jsonl (vLLM 0.6–0.11 on H100, A100 and MI300X): within about ±30 % at a fixed batch or concurrency, about 1.4–3× too fast when all requests are sent at once with ShareGPT-like lengths</source>
        <translation>formulas.md §7（η ≈ 0.8，inference-sim #415），以及每步 2 ms、每个运行中的序列再加 12 µs 的 CPU 时间（调度、采样）；已对照 validation/cases.jsonl 中公开的 vLLM 案例（vLLM 0.6–0.11，H100、A100 与 MI300X）：固定批量或并发时误差约 ±30%，所有请求一次性发出且长度分布如真实对话数据集时约快 1.4–3 倍</translation>
    </message>
    <message>
        <source>vLLM-like kernels with the overlap scheduler's smaller per-step CPU time (SGLang v0.4 release notes); checked on the Qwen3 speed benchmark's SGLang rows (H20, batch 1) and the published SGLang serving runs of validation/cases.jsonl (H100/A100: within about ±30 % at a fixed concurrency, up to several times too fast when all requests are sent at once)</source>
        <translation>内核与 vLLM 相近，重叠调度器的每步 CPU 时间更短（SGLang v0.4 发布说明）；已对照 Qwen3 速度基准中的 SGLang 数据（H20，批量 1）以及 validation/cases.jsonl 中公开的 SGLang 服务测试（H100/A100：固定并发时误差约 ±30%，所有请求一次性发出时可能快数倍）</translation>
    </message>
    <message>
        <source>TensorRT-LLM performance.md tables (v0.5/v0.6: A100, H100, L40S, Llama-7B throughput and first-token latency)</source>
        <translation>TensorRT-LLM performance.md 表格（v0.5/v0.6：A100、H100、L40S 上 Llama-7B 的吞吐与首 token 延迟）</translation>
    </message>
    <message>
        <source>no published MLC-LLM case checked: compiled kernels assumed at 80 % of GDDR and 70 % of HBM bandwidth</source>
        <translation>尚未对照任何公开的 MLC-LLM 案例：假定编译内核达到 GDDR 带宽的 80%、HBM 带宽的 70%</translation>
    </message>
    <message>
        <source>ExLlamaV2 README performance table (Llama GPTQ 4-bit 7B 177 / 198 and 13B 109 / 111 tok/s on RTX 3090 Ti / 4090: the estimate is within 8 %)</source>
        <translation>ExLlamaV2 README 性能表（Llama GPTQ 4 位 7B 为 177 / 198、13B 为 109 / 111 tokens/s，RTX 3090 Ti / 4090：估算误差在 8% 以内）</translation>
    </message>
    <message>
        <source>no published LMDeploy speed case checked: a compiled C++ engine (TurboMind) with CUDA-graph-like launch costs and AWQ W4A16 kernels assumed near TensorRT-LLM (InternLM/lmdeploy README)</source>
        <translation>尚未对照任何公开的 LMDeploy 速度案例：假定其编译型 C++ 引擎（TurboMind）的内核启动开销与 CUDA Graph 相当，AWQ W4A16 内核接近 TensorRT-LLM（InternLM/lmdeploy README）</translation>
    </message>
    <message>
        <source>no measurement of MindIE or vllm-ascend is modelled: Ascend 910B streaming at 65 % of its bandwidth and GEMMs at half its FP16 peak are assumptions (hiascend.com MindIE docs; vllm-project/vllm-ascend)</source>
        <translation>没有 MindIE 或 vllm-ascend 的实测数据：昇腾 910B 按其带宽的 65% 读取权重、矩阵乘法按其 FP16 峰值的一半计算，均为假设（hiascend.com MindIE 文档；vllm-project/vllm-ascend）</translation>
    </message>
    <message>
        <source>H200 decode_ceiling cases (h200.jsonl): 233.0 / 140.1 tok/s for Llama-2-7B / 13B</source>
        <translation>H200 decode_ceiling 实测（h200.jsonl）：Llama-2-7B / 13B 为 233.0 / 140.1 tokens/s</translation>
    </message>
    <message>
        <source>unknown framework {name}; known: {known}</source>
        <translation>未知框架 {name}；已支持的框架：{known}</translation>
    </message>
    <message>
        <source>prompt_len + new_tokens = {tokens} tokens</source>
        <translation>prompt_len + new_tokens = {tokens} 个 token</translation>
    </message>
    <message>
        <source>a context of {tokens} tokens</source>
        <translation>上下文长度 {tokens} 个 token</translation>
    </message>
    <message>
        <source>seq_len {tokens}</source>
        <translation>序列长度 seq_len {tokens}</translation>
    </message>
    <message>
        <source>User-specified max_model_len ({tokens}) is greater than the derived max_model_len (max_position_embeddings={limit} or model_max_length=None in model's config.json). To allow overriding this maximum, set the env var VLLM_ALLOW_LONG_MAX_MODEL_LEN=1</source>
        <translation>用户指定的 max_model_len（{tokens}）大于从模型推导出的 max_model_len（模型 config.json 中 max_position_embeddings={limit} 或 model_max_length=None）。如需突破此上限，请设置环境变量 VLLM_ALLOW_LONG_MAX_MODEL_LEN=1</translation>
    </message>
    <message>
        <source>vLLM refuses to start: {error}</source>
        <translation>vLLM 会拒绝启动：{error}</translation>
    </message>
    <message>
        <source>framework {framework} only trains models; inference frameworks: {choices}</source>
        <translation>框架 {framework} 只能训练模型；可用的推理框架：{choices}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="231" />
        <source>GGUF weights: speed of llama.cpp assumed (framework {framework} is not modelled for GGUF files)</source>
        <translation>GGUF 权重：按 llama.cpp 的速度估算（框架 {framework} 未针对 GGUF 文件建模）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="232" />
        <source>vLLM, tensor parallel {tp}, gpu_memory_utilization {utilization}, max_num_seqs {seqs}, max_num_batched_tokens {tokens}</source>
        <translation>vLLM，张量并行 {tp}，gpu_memory_utilization {utilization}，max_num_seqs {seqs}，max_num_batched_tokens {tokens}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="233" />
        <source>max_model_len {tokens}</source>
        <translation>max_model_len {tokens}（最大上下文长度）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="234" />
        <source>Capacity seen by PyTorch {gib} GiB</source>
        <translation>PyTorch 可见容量 {gib} GiB</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="235" />
        <source>profile-run peak {gib} GiB (weights + {act} GiB activations)</source>
        <translation>vLLM 显存探测阶段峰值 {gib} GiB（权重 + {act} GiB 激活）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="236" />
        <source>non-torch {gib} GiB</source>
        <translation>PyTorch 之外的显存 {gib} GiB</translation>
    </message>
    <message>
        <source>ACL graphs ≈ {gib} GiB on top (vLLM's CUDA-graph size, not measured on an NPU)</source>
        <translation>另加图模式（ACL 图）约 {gib} GiB（沿用 vLLM 在 CUDA 上的大小，未在 NPU 上实测）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="237" />
        <source>CUDA graphs ≈ {gib} GiB on top</source>
        <translation>另加 CUDA 图约 {gib} GiB</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="238" />
        <source>KV pool {gib} GiB = {blocks} blocks ({tokens} tokens)</source>
        <translation>KV 池 {gib} GiB = {blocks} 个块（{tokens} 个 token）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="239" />
        <source>vLLM would refuse to start: max_model_len {mml} is more than the {pool} tokens its KV pool holds</source>
        <translation>vLLM 将无法启动：max_model_len {mml} 超过其 KV 池可容纳的 {pool} 个 token</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="240" />
        <source>vLLM would refuse to start: no memory is left for KV blocks</source>
        <translation>vLLM 将无法启动：没有剩余显存可分配 KV 块</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="241" />
        <source>Serving: {b} of at most {cap} concurrent sequences per replica ({prompt} + {output} tokens each), {replicas} replica(s) of {n} GPU(s)</source>
        <translation>服务：每个副本并发 {b} 个序列（最多 {cap} 个，每个 {prompt} + {output} 个 token），{replicas} 个副本，每个 {n} 张卡</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="242" />
        <source>ITL {ms} ms with interleaved prefills, TTFT {s} s</source>
        <translation>token 间延迟（ITL，含穿插的预填充）{ms} ms，首 token 延迟（TTFT）{s} 秒</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="243" />
        <source>misses the latency target</source>
        <translation>未达到延迟目标</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="244" />
        <source>Misses the latency target even with one sequence per replica</source>
        <translation>即使每个副本只运行一个序列也达不到延迟目标</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="245" />
        <source>Latency targets cap each replica at {n} concurrent sequences (the KV pool holds {cap})</source>
        <translation>延迟目标将每个副本限制为 {n} 个并发序列（KV 池可容纳 {cap} 个）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="246" />
        <source>The engine cannot hold one request of the mix on this option</source>
        <translation>此选项上引擎连一个典型请求都容纳不下</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="222" />
        <source>Quantize the KV cache to Q8_0 with flash attention (-fa)</source>
        <translation>将 KV 缓存量化为 Q8_0 并开启 flash attention（-fa）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="223" />
        <source>compute buffer ≈ n_ubatch × n_vocab fp32 logits or the n_ubatch × n_ctx attention scores without flash attention</source>
        <translation>计算缓冲区 ≈ n_ubatch × n_vocab 的 fp32 logits，未开启 flash attention 时为 n_ubatch × n_ctx 的注意力分数</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="224" />
        <source>{dtype} is not a GGUF type: sized as Q4_K_M</source>
        <translation>{dtype} 不是 GGUF 类型：按 Q4_K_M 估算</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="225" />
        <source>Ollama: n_ctx is num_ctx × OLLAMA_NUM_PARALLEL</source>
        <translation>Ollama：n_ctx 等于 num_ctx × OLLAMA_NUM_PARALLEL</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="226" />
        <source>its default num_ctx is smaller than long prompts need, set num_ctx to the context</source>
        <translation>其默认 num_ctx 小于长提示所需，请将 num_ctx 设为所需上下文长度</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="227" />
        <source>llama.cpp refuses a {dtype} KV cache without flash attention (-fa)</source>
        <translation>未开启 flash attention（-fa）时 llama.cpp 不接受 {dtype} KV 缓存</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="222" />
        <source>SGLang, tensor parallel {tp}, mem_fraction_static {frac}</source>
        <translation>SGLang，张量并行 {tp}，mem_fraction_static {frac}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="223" />
        <source>TensorRT-LLM, tensor parallel {tp}, kv_cache_free_gpu_mem_fraction {frac}</source>
        <translation>TensorRT-LLM，张量并行 {tp}，kv_cache_free_gpu_mem_fraction {frac}</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="224" />
        <source>KV pool {gib} GiB ({tokens} tokens)</source>
        <translation>KV 池 {gib} GiB（{tokens} 个 token）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="225" />
        <source>{engine} would refuse to start: no memory is left for the KV pool</source>
        <translation>{engine} 将无法启动：没有剩余显存可分配 KV 池</translation>
    </message>
    <message>
        <source>Only offers in {where} ({region}): {n} of {total} options</source>
        <translation>只看{where}（{region}）的报价：{total} 个方案中的 {n} 个</translation>
    </message>
    <message>
        <source>Only offers of {names}: {n} of {total} options</source>
        <translation>只看服务商 {names} 的报价：{total} 个方案中的 {n} 个</translation>
    </message>
    <message>
        <source>unknown provider {provider}; the catalog knows {known}</source>
        <translation>未知的服务商 {provider}；价格库中的服务商有：{known}</translation>
    </message>
    <message>
        <source>No offer in {where} fits; the cheapest elsewhere is {n} × {gpu}, {provider}, {per_hour}/h</source>
        <translation>{where}没有显存够用的报价；其他地区最便宜的是 {n} × {gpu}，{provider}，{per_hour}/小时</translation>
    </message>
    <message>
        <source>Cheaper outside {where}: {n} × {gpu}, {provider}, {price} against {here} here</source>
        <translation>{where}以外更便宜：{n} × {gpu}，{provider}，{price}，而此处为 {here}</translation>
    </message>
    <message>
        <source>China</source>
        <translation>中国</translation>
    </message>
    <message>
        <source>the United States</source>
        <translation>美国</translation>
    </message>
    <message>
        <source>the EU</source>
        <translation>欧盟</translation>
    </message>
    <message>
        <source>{kind}: billed {n} × {period} h for a {run} h run = {total}</source>
        <translation>{kind}：按 {n} × {period} 小时计费（运行 {run} 小时）= {total}</translation>
    </message>
    <message>
        <source>Monthly subscription</source>
        <translation>包月（按整月计费）</translation>
    </message>
    <message>
        <source>Yearly subscription</source>
        <translation>包年（国内云，按整年计费）</translation>
    </message>
    <message>
        <source>{accelerator}: no CUDA; the estimate stands for {stack} with {engines} (not measured here: {range})</source>
        <translation>{accelerator}：不支持 CUDA；估算按 {stack} 软件栈（{engines}）计（此处未经实测：{range}）</translation>
    </message>
    <message>
        <source>{vendor} accelerator: no CUDA and no modelled software stack; the estimate is CUDA-like (not measured here: {range})</source>
        <translation>{vendor} 加速卡：不支持 CUDA，且没有已建模的软件栈；估算按类 CUDA 处理（此处未经实测：{range}）</translation>
    </message>
    <message>
        <source>Ascend NPU</source>
        <translation>昇腾 NPU</translation>
    </message>
    <message>
        <source>AMD GPU</source>
        <translation>AMD GPU</translation>
    </message>
    <message>
        <source>Intel Gaudi</source>
        <translation>英特尔 Gaudi</translation>
    </message>
    <message>
        <source>Intel Arc GPU</source>
        <translation>英特尔 Arc GPU</translation>
    </message>
    <message>
        <source>Apple silicon</source>
        <translation>Apple 芯片</translation>
    </message>
    <message>
        <source>Hygon DCU</source>
        <translation>海光 DCU</translation>
    </message>
    <message>
        <source>Cambricon MLU</source>
        <translation>寒武纪 MLU</translation>
    </message>
    <message>
        <source>Moore Threads GPU</source>
        <translation>摩尔线程 GPU</translation>
    </message>
    <message>
        <source>MetaX GPU</source>
        <translation>MetaX GPU</translation>
    </message>
    <message>
        <source>Enflame GCU</source>
        <translation>Enflame GCU</translation>
    </message>
    <message>
        <source>{n} cards over {link}: its bandwidth is not in the catalog, the all-reduce is estimated at PCIe speed (a lower bound)</source>
        <translation>{n} 卡经 {link} 互联：价格库中没有其带宽数据，all-reduce 按 PCIe 速度估算（下限）</translation>
    </message>
    <message>
        <source>{gpus}: not offered for multi-GPU training (one unified-memory machine, no collective-communication fabric); single-machine options only</source>
        <translation>{gpus}：不提供多卡训练方案（单台统一内存机器，没有集合通信互联）；只列单机方案</translation>
    </message>
    <message>
        <source>LMDeploy TurboMind, tensor parallel {tp}, cache_max_entry_count {frac}</source>
        <translation>LMDeploy TurboMind，张量并行 {tp}，cache_max_entry_count {frac}</translation>
    </message>
    <message>
        <source>{engine} on Ascend: KV pool sized with vLLM's model (no measurement of this engine is modelled: {range})</source>
        <translation>昇腾上的 {engine}：KV 池按 vLLM 的模型估算（未对该引擎建模实测：{range}）</translation>
    </message>
    <message>
        <source>{n} GPUs on {nodes} nodes of {per} over {net}: each GPU runs at {share} of its speed within one node (scaling cost)</source>
        <translation>{n} 卡分布在 {nodes} 台 {per} 卡节点上，经 {net} 互联：每张卡的速度为单节点内的 {share}（多机扩展损耗）</translation>
    </message>
    <message>
        <source>{n} GPUs on {nodes} nodes of {per} over {net}</source>
        <translation>{n} 卡分布在 {nodes} 台 {per} 卡节点上，经 {net} 互联</translation>
    </message>
    <message>
        <source>No part holds this job in one node of 8: options of 16–64 GPUs over InfiniBand/RoCE added, each with its scaling cost</source>
        <translation>没有任何型号能在单台 8 卡节点内放下此任务：已加入 16–64 卡、经 InfiniBand/RoCE 互联的多机方案，并注明扩展损耗</translation>
    </message>
    <message>
        <source>The seed guide prices {n} × {gpu} at {price}/h × {hours} h = {total}; at {provider} today: {price2}/h × {hours2} h = {total2}</source>
        <translation>选型指南按 {price}/小时 × {hours} 小时 = {total} 估算 {n} × {gpu}；按 {provider} 今天的价格：{price2}/小时 × {hours2} 小时 = {total2}</translation>
    </message>
    <message>
        <source>{label} is a diffusion model: choose diffusion LoRA fine-tuning (task 'diffusion_lora')</source>
        <translation>{label} 是扩散模型：请选择扩散模型 LoRA 微调（任务 'diffusion_lora'）</translation>
    </message>
    <message>
        <source>{engine} does not run on the {gpu} ({platform}): it runs on {platforms}</source>
        <translation>{engine} 不能在 {gpu}（{platform}）上运行：它支持 {platforms}</translation>
    </message>
    <message>
        <source>bitsandbytes {dtype} has no {platform} backend, so it does not run on the {gpu}: use GGUF with llama.cpp or MLX instead</source>
        <translation>bitsandbytes {dtype} 没有 {platform} 后端，无法在 {gpu} 上运行：请改用 llama.cpp 的 GGUF 或 MLX</translation>
    </message>
    <message>
        <source>bitsandbytes {dtype} has no {platform} backend, so it does not run on the {gpu}: use GGUF with llama.cpp instead</source>
        <translation>bitsandbytes {dtype} 没有 {platform} 后端，无法在 {gpu} 上运行：请改用 llama.cpp 的 GGUF</translation>
    </message>
    <message>
        <source>{n} GPU type(s) left out: {why}</source>
        <translation>已排除 {n} 种 GPU：{why}</translation>
    </message>
    <message>
        <source>{engine} with a context of {ctx} tokens per sequence, GPU memory fraction {frac}, tensor parallel {n} and KV cache {kv}</source>
        <translation>{engine}：每个序列上下文 {ctx} 个 token，GPU 显存比例 {frac}，张量并行 {n}，KV 缓存 {kv}</translation>
    </message>
    <message>
        <source>Quantization {quant}</source>
        <translation>量化方式 {quant}</translation>
    </message>
    <message>
        <source>The KV pool holds about {n} sequences of that context at once</source>
        <translation>KV 池可同时容纳约 {n} 个该上下文长度的序列</translation>
    </message>
    <message>
        <source>Ollama with a {ctx}-token context for {n} parallel request(s), {quant} weights and {kv} KV cache</source>
        <translation>Ollama：上下文 {ctx} 个 token，{n} 个并行请求，{quant} 权重，{kv} KV 缓存</translation>
    </message>
    <message>
        <source>llama.cpp with n_ctx {n_ctx} ({n} slot(s) × {ctx} tokens), {ngl} layers on the GPU, {quant} weights and {kv} KV cache</source>
        <translation>llama.cpp：n_ctx {n_ctx}（{n} 个槽位 × {ctx} 个 token），GPU 上 {ngl} 层，{quant} 权重，{kv} KV 缓存</translation>
    </message>
    <message>
        <source>Layers split over {n} GPUs</source>
        <translation>各层分布在 {n} 张卡上</translation>
    </message>
    <message>
        <source>transformers generate() with device_map='auto' over {n} GPU(s), batch {batch} and context {ctx}</source>
        <translation>transformers generate()，device_map='auto' 跨 {n} 张卡，批大小 {batch}，上下文 {ctx}</translation>
    </message>
    <message>
        <source>The {gpu} has no native bf16 (NVIDIA before Ampere): the server runs the model and its KV cache in fp16 (--dtype half), as vLLM asks on such cards</source>
        <translation>{gpu} 不支持原生 bf16（Ampere 之前的 NVIDIA 卡）：服务改用 fp16 运行模型和 KV 缓存（--dtype half），vLLM 在这类卡上要求如此</translation>
    </message>
    <message>
        <source>The {gpu} has no native bf16 (NVIDIA before Ampere): the script loads the model in fp16 (dtype=torch.float16), as the estimate counts it</source>
        <translation>{gpu} 不支持原生 bf16（Ampere 之前的 NVIDIA 卡）：脚本改用 fp16 加载模型（dtype=torch.float16），与估算一致</translation>
    </message>
    <message>
        <source>The {gpu} has no native bf16 (NVIDIA before Ampere): the launcher trains in fp16 with loss scaling instead</source>
        <translation>{gpu} 不支持原生 bf16（Ampere 之前的 NVIDIA 卡）：启动命令改用 fp16 训练，并开启损失缩放</translation>
    </message>
    <message>
        <source>TRL SFT on {n} GPU(s): micro-batch {batch}, {seq} tokens, {opt} and {dtype}</source>
        <translation>TRL SFT，{n} 张卡：微批 {batch}，{seq} 个 token，{opt}，{dtype}</translation>
    </message>
    <message>
        <source>torchtune {recipe}: batch {batch}, {seq} tokens</source>
        <translation>torchtune {recipe}：批大小 {batch}，{seq} 个 token</translation>
    </message>
    <message>
        <source>LitGPT {recipe} on {n} device(s): micro-batch {batch}, {seq} tokens</source>
        <translation>LitGPT {recipe}，{n} 个设备：微批 {batch}，{seq} 个 token</translation>
    </message>
    <message>
        <source>With gradient checkpointing</source>
        <translation>开启梯度检查点</translation>
    </message>
    <message>
        <source>LoRA rank {n}</source>
        <translation>LoRA 秩 {n}</translation>
    </message>
    <message>
        <source>DeepSpeed ZeRO stage {n}</source>
        <translation>DeepSpeed ZeRO 第 {n} 阶段</translation>
    </message>
    <message>
        <source>FSDP full sharding</source>
        <translation>FSDP 完全分片</translation>
    </message>
    <message>
        <source>{n} × {gpu} at {pricing} prices</source>
        <translation>{n} × {gpu}（{pricing}价格）</translation>
    </message>
    <message>
        <source>The model's Hugging Face repo is not in the catalog: replace YOUR_MODEL</source>
        <translation>价格库中没有该模型的 Hugging Face 仓库：请替换 YOUR_MODEL</translation>
    </message>
    <message>
        <source>Point -m at the GGUF file you downloaded (the name shown is a placeholder)</source>
        <translation>请将 -m 指向您下载的 GGUF 文件（显示的文件名是占位符）</translation>
    </message>
    <message>
        <source>Ollama names models by its own tags: replace the model with the tag of the {quant} build you pull</source>
        <translation>Ollama 用自己的标签命名模型：请替换为您拉取的 {quant} 版本的标签</translation>
    </message>
    <message>
        <source>SkyPilot's name for {gpu} is not known to gpupicker: check '{name}' with `sky show-gpus`</source>
        <translation>gpupicker 不知道 {gpu} 在 SkyPilot 中的名称：请用 `sky show-gpus` 核对 '{name}'</translation>
    </message>
    <message>
        <source>{method} weights load from a checkpoint quantized that way (an {method} export of {repo}, from its model page or your own): replace YOUR_{method}_CHECKPOINT</source>
        <translation>{method} 权重需从按该方式量化的检查点加载（{repo} 的 {method} 导出版本，可在其模型页找到或自行导出）：请替换 YOUR_{method}_CHECKPOINT</translation>
    </message>
    <message>
        <source>int4 assumed to be an AWQ checkpoint (set quant_method to 'gptq' otherwise)</source>
        <translation>int4 假定为 AWQ 检查点（否则请将 quant_method 设为 'gptq'）</translation>
    </message>
    <message>
        <source>quantization method {method} is not one gpupicker can name</source>
        <translation>gpupicker 无法识别量化方式 {method}</translation>
    </message>
    <message>
        <source>weights format {dtype} has no vLLM/SGLang --quantization gpupicker knows</source>
        <translation>权重格式 {dtype} 没有 gpupicker 已知的 vLLM/SGLang --quantization 选项</translation>
    </message>
    <message>
        <source>weights {dtype} have no GGUF type: the estimate and this command assume Q4_K_M</source>
        <translation>权重 {dtype} 没有对应的 GGUF 类型：估算和此命令均假定为 Q4_K_M</translation>
    </message>
    <message>
        <source>Pick the torchtune config of your model with tune ls (YOUR_MODEL is a placeholder)</source>
        <translation>请用 tune ls 选择您模型的 torchtune 配置（YOUR_MODEL 是占位符）</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/core_text.py" line="88" />
        <source>Every price offer: the {k} cheapest providers per GPU, pricing and instance size are ranked</source>
        <translation>所有报价：每种 GPU、计费方式和实例规格只列出最便宜的 {k} 家服务商</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="89" />
        <source>{dropped} dearer offers left out</source>
        <translation>另有 {dropped} 个价格更高的报价未列出</translation>
    </message>
    <message>
        <source>GPU plan: {task} {model}</source>
        <translation>GPU 方案：{task} {model}</translation>
    </message>
    <message>
        <source>GPU plan: {task}</source>
        <translation>GPU 方案：{task}</translation>
    </message>
    <message>
        <source>lora</source>
        <translation>LoRA 微调</translation>
    </message>
    <message>
        <source>qlora</source>
        <translation>QLoRA 微调</translation>
    </message>
    <message>
        <source>full_ft</source>
        <translation>全参数微调</translation>
    </message>
    <message>
        <source>pretrain</source>
        <translation>预训练</translation>
    </message>
    <message>
        <source>decode_ceiling</source>
        <translation>解码速度上限（单路）</translation>
    </message>
    <message>
        <source>image_gen</source>
        <translation>图像生成</translation>
    </message>
    <message>
        <source>diffusion_lora</source>
        <translation>扩散模型 LoRA 微调</translation>
    </message>
    <message>
        <source>Written by gpupicker on {date}. Offline estimate: check the assumptions below before you rent.</source>
        <translation>由 gpupicker 于 {date} 生成。离线估算：租用前请核对下文的假设。</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Ranked options</source>
        <translation>方案排名</translation>
    </message>
    <message>
        <source>What fits</source>
        <translation>显存够用的范围</translation>
    </message>
    <message>
        <source>Plots</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Prices used</source>
        <translation>所用价格</translation>
    </message>
    <message>
        <source>Launch</source>
        <translation>启动配置</translation>
    </message>
    <message>
        <source>Tie-break: {rule}</source>
        <translation>同分时的排序：{rule}</translation>
    </message>
    <message>
        <source>task</source>
        <translation>任务类型</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重格式</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>微批大小</translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>gradient checkpointing</source>
        <comment>report: job table row label</comment>
        <translation>梯度检查点</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>context tokens</source>
        <translation>上下文 token 数</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>preferred GPU</source>
        <translation>首选 GPU</translation>
    </message>
    <message>
        <source>run length (h)</source>
        <translation>运行时长（小时）</translation>
    </message>
    <message>
        <source>dataset tokens</source>
        <translation>数据集 token 数</translation>
    </message>
    <message>
        <source>requests per minute</source>
        <translation>每分钟请求数</translation>
    </message>
    <message>
        <source>pricing</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>max per hour</source>
        <translation>每小时费用上限</translation>
    </message>
    <message>
        <source>deadline (h)</source>
        <translation>期限（小时）</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开启</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>n</source>
        <translation>卡数</translation>
    </message>
    <message>
        <source>memory per GPU</source>
        <translation>单卡显存（占用/容量）</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>{symbol}/h (all GPUs)</source>
        <translation>{symbol}/小时（全部 GPU）</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>小时数</translation>
    </message>
    <message>
        <source>total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>other counts</source>
        <translation>其他卡数</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>{gpu}</source>
        <translation>{gpu}</translation>
    </message>
    <message>
        <source>{provider}</source>
        <translation>{provider}</translation>
    </message>
    <message>
        <source>{used} / {cap} GiB</source>
        <translation>{used} / {cap} GiB</translation>
    </message>
    <message>
        <source>{total}/month</source>
        <translation>{total}/月</translation>
    </message>
    <message>
        <source>×{n} {total}</source>
        <translation>×{n} {total}</translation>
    </message>
    <message>
        <source>{option} × {count}: {reason}</source>
        <translation>{option} × {count}：{reason}</translation>
    </message>
    <message>
        <source>on_demand</source>
        <translation>按量付费</translation>
    </message>
    <message>
        <source>spot</source>
        <translation>竞价实例</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>预留实例（Reserved）</translation>
    </message>
    <message>
        <source>reserved_1y</source>
        <translation>1 年预留实例（海外云 Reserved）</translation>
    </message>
    <message>
        <source>capacity_block</source>
        <translation>容量预留</translation>
    </message>
    <message>
        <source>marketplace</source>
        <translation>算力市场</translation>
    </message>
    <message>
        <source>monthly</source>
        <translation>包月</translation>
    </message>
    <message>
        <source>yearly</source>
        <translation>包年</translation>
    </message>
    <message>
        <source>owned</source>
        <translation>自有硬件</translation>
    </message>
    <message>
        <source>largest</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>value</source>
        <translation>最大可行值</translation>
    </message>
    <message>
        <source>GiB per GPU at it</source>
        <translation>此时单卡显存（GiB）</translation>
    </message>
    <message>
        <source>batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>context (tokens)</source>
        <translation>上下文（token）</translation>
    </message>
    <message>
        <source>concurrent sequences</source>
        <translation>并发序列数</translation>
    </message>
    <message>
        <source>none</source>
        <comment>report: no value in the what-fits table</comment>
        <translation>无</translation>
    </message>
    <message>
        <source>{value} (limit)</source>
        <translation>{value}（已到上限）</translation>
    </message>
    <message>
        <source>{used} of {cap}</source>
        <translation>{used} / {cap}</translation>
    </message>
    <message>
        <source>What fits: memory per GPU against {dimension}</source>
        <translation>显存够用的范围：单卡显存随{dimension}的变化</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>单卡显存（GiB）</translation>
    </message>
    <message>
        <source>peak memory per GPU (the same on every card)</source>
        <translation>单卡峰值显存（各卡相同）</translation>
    </message>
    <message>
        <source>{gpu} ({cap} GiB usable)</source>
        <translation>{gpu}（可用 {cap} GiB）</translation>
    </message>
    <message>
        <source>{gpu} · {pricing}</source>
        <translation>{gpu} · {pricing}</translation>
    </message>
    <message>
        <source>Cost by number of GPUs</source>
        <translation>费用随 GPU 数量的变化</translation>
    </message>
    <message>
        <source>Hours by number of GPUs</source>
        <translation>时长随 GPU 数量的变化</translation>
    </message>
    <message>
        <source>Cost and hours by number of GPUs</source>
        <translation>费用与时长随 GPU 数量的变化</translation>
    </message>
    <message>
        <source>number of GPUs</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>total cost ({currency})</source>
        <translation>总费用（{currency}）</translation>
    </message>
    <message>
        <source>cost per month ({currency})</source>
        <translation>每月费用（{currency}）</translation>
    </message>
    <message>
        <source>price per hour ({currency})</source>
        <translation>每小时价格（{currency}）</translation>
    </message>
    <message>
        <source>per GPU-hour</source>
        <translation>每卡时价格</translation>
    </message>
    <message>
        <source>observed</source>
        <translation>采集日期</translation>
    </message>
    <message>
        <source>source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>(no source recorded)</source>
        <translation>（未记录来源）</translation>
    </message>
    <message>
        <source>assumes: {text}</source>
        <translation>假设：{text}</translation>
    </message>
    <message>
        <source>warning: {text}</source>
        <translation>警告：{text}</translation>
    </message>
    <message>
        <source>SkyPilot `task.yaml`:</source>
        <translation>SkyPilot `task.yaml`：</translation>
    </message>
    <message>
        <source>dstack `.dstack.yml`:</source>
        <translation>dstack `.dstack.yml`：</translation>
    </message>
    <message>
        <source>SkyPilot task.yaml</source>
        <translation>SkyPilot task.yaml</translation>
    </message>
    <message>
        <source>dstack .dstack.yml</source>
        <translation>dstack .dstack.yml</translation>
    </message>
    <message>
        <source>No option fits, so there is nothing to launch.</source>
        <translation>没有显存够用的方案，因此没有可启动的配置。</translation>
    </message>
        <message>
        <source>Ranked by cheapest</source>
        <translation>按费用排序</translation>
    </message>
    <message>
        <source>Ranked by fastest</source>
        <translation>按速度排序</translation>
    </message>
    <message>
        <source>Ranked by value</source>
        <translation>按性价比排序</translation>
    </message>
    <message>
        <source>Ranked by headroom</source>
        <translation>按剩余显存排序</translation>
    </message>
    <message>
        <source>equal cost (the same to the cent and to four significant digits): fewer GPUs first, then the faster option, then the GPU id</source>
        <translation>费用相同（精确到分且前四位有效数字相同）时：GPU 更少的优先，其次速度更快的，再按 GPU 编号</translation>
    </message>
    <message>
        <source>equal speed: the cheaper option first, then fewer GPUs, then the GPU id</source>
        <translation>速度相同时：更便宜的优先，其次 GPU 更少的，再按 GPU 编号</translation>
    </message>
    <message>
        <source>equal value score: the cheaper option first, then fewer GPUs, then the GPU id</source>
        <translation>性价比得分相同时：更便宜的优先，其次 GPU 更少的，再按 GPU 编号</translation>
    </message>
    <message>
        <source>equal headroom: the cheaper option first, then fewer GPUs, then the GPU id</source>
        <translation>余量相同时：更便宜的优先，其次 GPU 更少的，再按 GPU 编号</translation>
    </message>
    <message>
        <source>a price its own source doubts (e.g. 'scraper artefact') ranks after the other priced options of its tier</source>
        <translation>来源自身存疑的价格（如“疑似抓取错误”）排在同一档（同样装得下、同在预算内）其他有价格的方案之后</translation>
    </message>
    <message>
        <source>this model</source>
        <translation>该模型</translation>
    </message>
    <message>
        <source>No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.</source>
        <translation>没有可用于缓存块的显存。请在初始化引擎时增大 `gpu_memory_utilization`。</translation>
    </message>
    <message>
        <source>The model's max seq len ({max_model_len}) is larger than the maximum number of tokens that can be stored in KV cache ({pool_tokens}). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.</source>
        <translation>模型的最大序列长度（{max_model_len}）超过了 KV 缓存可容纳的最大 token 数（{pool_tokens}）。请在初始化引擎时增大 `gpu_memory_utilization` 或减小 `max_model_len`。</translation>
    </message>
    <message>
        <source>no fraction-pool memory model for {engine}</source>
        <translation>没有 {engine} 按显存比例分配 KV 池的显存模型</translation>
    </message>
    <message>
        <source>Not enough memory. Please try to increase --mem-fraction-static.</source>
        <translation>显存不足。请尝试增大 --mem-fraction-static。</translation>
    </message>
    <message>
        <source>Insufficient memory for the KV cache after loading the engine.</source>
        <translation>加载引擎后剩余显存不足以分配 KV 缓存。</translation>
    </message>
    <message>
        <source>V cache quantization requires flash_attn</source>
        <translation>量化 V 缓存需要开启 flash_attn</translation>
    </message>
    <message>
        <source>unknown LoRA target module {target}; known: {known}</source>
        <translation>未知的 LoRA 目标模块 {target}；可选：{known}</translation>
    </message>
    <message>
        <source>8-bit AdamW (2 bytes of state)</source>
        <translation>8 位 AdamW（2 字节状态）</translation>
    </message>
    <message>
        <source>ZeRO-Offload: optimizer states, fp32 master weights and gradients in CPU RAM, about {gib} GiB of host memory ({bytes} bytes per parameter × 1.5, DeepSpeed's estimator)</source>
        <translation>ZeRO-Offload：优化器状态、fp32 主权重和梯度放在 CPU 内存中，约占主机内存 {gib} GiB（每个参数 {bytes} 字节 × 1.5，按 DeepSpeed 的估算器）</translation>
    </message>
    <message>
        <source>the optimizer step runs on the CPU</source>
        <translation>优化器步骤在 CPU 上运行</translation>
    </message>
    <message>
        <source>{seconds} s per training step of {images} image(s) (GPU {gpu_s} s, eager host dispatch {host_s} s: the longer one counts)</source>
        <translation>每个训练步 {seconds} 秒，{images} 张图（GPU {gpu_s} 秒，主机逐算子调度 {host_s} 秒：取较长者）</translation>
    </message>
    <message>
        <source>Range {lo}–{hi} s per training image (host CPU, attention kernel and compile not known)</source>
        <translation>范围：每张训练图 {lo}–{hi} 秒（主机 CPU、注意力内核和编译情况未知）</translation>
    </message>
    <message>
        <source>Only sequential CPU offload ({x}× slower per step) fits at {dtype}; {alt} denoiser weights fit in {gib} GiB at about {s} s per training image</source>
        <translation>{dtype} 只有逐层 CPU 卸载（每步慢 {x} 倍）时显存才够用；{alt} 去噪器权重只需 {gib} GiB，每张训练图约 {s} 秒</translation>
    </message>
    <message>
        <source>Several GPUs train data-parallel: each its own images, LoRA gradients all-reduced</source>
        <translation>多张 GPU 数据并行训练：各自处理不同的图片，LoRA 梯度做 all-reduce</translation>
    </message>
    <message>
        <source>unknown dimension {dimension}; choose one of {choices}</source>
        <translation>未知的维度 {dimension}；可选：{choices}</translation>
    </message>
    <message>
        <source>a decode ceiling holds only the weights: no batch, context or rank to maximise</source>
        <translation>解码速度上限只计权重：没有可求最大值的批次、上下文或秩</translation>
    </message>
    <message>
        <source>image generation has no {dimension}; maximise its batch (images at once)</source>
        <translation>图像生成没有 {dimension}；只能对批次（一次生成的图片数）求最大值</translation>
    </message>
    <message>
        <source>{dimension} {value} is outside 1–{limit}</source>
        <translation>{dimension} {value} 超出范围 1–{limit}</translation>
    </message>
    <message>
        <source>lora_r needs a LoRA or QLoRA job; task {task} has no adapter</source>
        <translation>lora_r 需要 LoRA 或 QLoRA 任务；任务 {task} 没有适配器</translation>
    </message>
    <message>
        <source>concurrency is for serving (task 'inference'), not {task}</source>
        <translation>并发数只适用于在线服务（任务 'inference'），不适用于 {task}</translation>
    </message>
    <message>
        <source>a context of {value} tokens leaves no prompt ({new} new tokens)</source>
        <translation>{value} 个 token 的上下文容纳不下提示词（新生成 {new} 个 token）</translation>
    </message>
    <message>
        <source>Largest {dimension} that fits on {gpu_id} × {n}: found by bisection over the same memory model as the estimate</source>
        <translation>{gpu_id} × {n} 上显存够用的最大 {dimension}：在与估算相同的显存模型上二分查找得到</translation>
    </message>
    <message>
        <source>Context capped at the model's max_position_embeddings ({limit})</source>
        <translation>上下文上限为模型的 max_position_embeddings（{limit}）</translation>
    </message>
    <message>
        <source>Counts as fitting only with every layer on the GPU (no CPU offload)</source>
        <translation>只有所有层都在 GPU 上（不卸载到 CPU）才算显存够用</translation>
    </message>
    <message>
        <source>The server pre-allocates its KV pool, so memory is flat; concurrency is limited by the sequences the pool holds</source>
        <translation>服务端预先分配 KV 池，显存占用不随并发变化；并发数受 KV 池可容纳的序列数限制</translation>
    </message>
    <message>
        <source>Does not fit even at {dimension} {value}</source>
        <translation>即使 {dimension} 为 {value} 也显存不足</translation>
    </message>
    <message>
        <source>a workload needs a model: 'model' (config.json fields) or 'model_id'</source>
        <translation>任务配置需要指定模型：'model'（config.json 字段）或 'model_id'</translation>
    </message>
    <message>
        <source>model architecture is missing {fields} (or give the exact parameter count as 'params')</source>
        <translation>模型结构缺少 {fields}（或以 'params' 给出精确参数量）</translation>
    </message>
    <message>
        <source>num_attention_heads must be a multiple of num_key_value_heads</source>
        <translation>num_attention_heads 必须是 num_key_value_heads 的整数倍</translation>
    </message>
    <message>
        <source>unknown weight dtype {dtype}; known: {known}</source>
        <translation>未知的权重格式 {dtype}；可选：{known}</translation>
    </message>
    <message>
        <source>unknown KV-cache dtype {dtype}; known: {known}</source>
        <translation>未知的 KV 缓存格式 {dtype}；可选：{known}</translation>
    </message>
    <message>
        <source>unknown byte unit {unit}; use 'GiB' or 'GB'</source>
        <translation>未知的字节单位 {unit}；请用 'GiB' 或 'GB'</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/core_text.py" line="88" />
        <source>{gpu} × {n}: not estimated ({error})</source>
        <translation>{gpu} × {n}：未能估算（{error}）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="68" />
        <source>The buying guide's rule of thumb suggests {gpus} for {scenario} ({why})</source>
        <translation>选型指南的经验法则建议“{scenario}”使用 {gpus}（{why}）</translation>
    </message>
    <message>
        <source>unknown goal {goal}; choose one of {goals}</source>
        <translation>未知的排序目标 {goal}；可选：{goals}</translation>
    </message>
    <message>
        <source>mean time between interruptions must be positive</source>
        <translation>竞价实例的平均中断间隔必须大于 0</translation>
    </message>
    <message>
        <source>replica throughput must be positive</source>
        <translation>副本吞吐量必须大于 0</translation>
    </message>
    <message>
        <source>unknown region {region}; choose one of {regions}</source>
        <translation>未知地区 {region}；可选：{regions}</translation>
    </message>
    <message>
        <source>Canada</source>
        <translation>加拿大</translation>
    </message>
    <message>
        <source>Japan</source>
        <translation>日本</translation>
    </message>
    <message>
        <source>Germany</source>
        <translation>德国</translation>
    </message>
    <message>
        <source>Finland</source>
        <translation>芬兰</translation>
    </message>
    <message>
        <source>France</source>
        <translation>法国</translation>
    </message>
    <message>
        <source>the United Kingdom</source>
        <translation>英国</translation>
    </message>
    <message>
        <source>the Netherlands</source>
        <translation>荷兰</translation>
    </message>
    <message>
        <source>India</source>
        <translation>印度</translation>
    </message>
<message>
        <source>≈ same speed (faster on GPUs with FP8 tensor cores)</source>
        <translation>速度基本不变（有 FP8 张量核心的 GPU 上更快）</translation>
    </message>
    <message>
        <source>≈15 % slower per step (dequantization)</source>
        <translation>每步慢约 15%（反量化开销）</translation>
    </message>
    <message>
        <source>small</source>
        <translation>较小</translation>
    </message>
    <message>
        <source>slightly slower decode</source>
        <translation>VAE 解码稍慢</translation>
    </message>
    <message>
        <source>a few seconds per image to move the components over PCIe</source>
        <translation>每张图多花几秒，经 PCIe 来回搬运各组件</translation>
    </message>
    <message>
        <source>less throughput per image</source>
        <translation>每张图的吞吐量降低</translation>
    </message>
    <message>
        <source>smaller images (upscale afterwards)</source>
        <translation>图像变小（可事后放大）</translation>
    </message>
    <message>
        <source>≈{x}× slower per step (public case C59: 67 s vs 16 s)</source>
        <translation>每步慢约 {x} 倍（公开案例 C59：67 秒对 16 秒）</translation>
    </message>
    <message>
        <source>applied automatically when nothing else fits</source>
        <translation>其他办法显存都不够时自动启用</translation>
    </message>
    <message>
        <source>a peak of {gib} GiB is more than the {cap} GiB the {gpu} has: check the unit (GiB, not MiB or GB per node)</source>
        <translation>峰值 {gib} GiB 超过了 {gpu} 的 {cap} GiB 显存：请检查单位（应为单卡 GiB，不是 MiB，也不是整机 GB）</translation>
    </message>
    <message>
        <source>a peak of {gib} GiB is {ratio}× the estimate ({estimate} GiB): check the unit and the workload (the same batch, context and precision as the run)</source>
        <translation>峰值 {gib} GiB 是估算值（{estimate} GiB）的 {ratio} 倍：请检查单位和任务配置（批大小、上下文长度和精度须与该次运行一致）</translation>
    </message>
    <message>
        <source>{rate} tokens/s is {ratio}× the estimate ({estimate}): check the unit (tokens per second, all sequences of the batch) and the workload</source>
        <translation>{rate} tokens/s 是估算值（{estimate}）的 {ratio} 倍：请检查单位（每秒 token 数，批内所有序列合计）和任务配置</translation>
    </message>
    <message>
        <source>GPU {gpu_id} is not in the catalog</source>
        <translation>价格库中没有 GPU {gpu_id}</translation>
    </message>
    <message>
        <source>run {run}: {error}</source>
        <translation>第 {run} 次运行：{error}</translation>
    </message>
    <message>
        <source>the log has none of the lines gpupicker reads ('# GPU blocks: N', 'GPU KV cache size: N tokens', 'Model loading took X GiB', llama.cpp 'buffer size = X MiB', nvidia-smi 'X MiB / Y MiB')</source>
        <translation>日志中没有 gpupicker 能读取的行（'# GPU blocks: N'、'GPU KV cache size: N tokens'、'Model loading took X GiB'、llama.cpp 的 'buffer size = X MiB'、nvidia-smi 的 'X MiB / Y MiB'）</translation>
    </message>
    <message>
        <source>nothing to calibrate on: give --peak-gib, --tokens-per-s or a log with vLLM/llama.cpp start-up lines or nvidia-smi output</source>
        <translation>没有可用于校准的数据：请提供 --peak-gib、--tokens-per-s，或含 vLLM/llama.cpp 启动信息或 nvidia-smi 输出的日志</translation>
    </message>
    <message>
        <source>gpupicker has no launch command for serving framework {framework}; it knows {choices}</source>
        <translation>gpupicker 没有推理服务框架 {framework} 的启动命令；支持的有 {choices}</translation>
    </message>
    <message>
        <source>gpupicker has no launcher for training framework {framework}; it knows {choices}</source>
        <translation>gpupicker 没有训练框架 {framework} 的启动方式；支持的有 {choices}</translation>
    </message>
    <message>
        <source>torchtune recipes cover LoRA, QLoRA and full fine-tuning, not {task}</source>
        <translation>torchtune 的配方只涵盖 LoRA、QLoRA 和全参数微调，不含 {task}</translation>
    </message>
    <message>
        <source>gpupicker has no launch command for image generation (diffusers pipelines are started from your own script)</source>
        <translation>gpupicker 不提供图像生成的启动命令（diffusers 流水线需从您自己的脚本启动）</translation>
    </message>
    <message>
        <source>the model has no parameter count to save</source>
        <translation>该模型没有参数量，无法保存</translation>
    </message>
    <message>
        <source>{what} has an invalid shape {shape}</source>
        <translation>{what} 的形状 {shape} 无效</translation>
    </message>
    <message>
        <source>{what} claims {shape} elements: more than any model has, so the header is damaged</source>
        <translation>{what} 声称有 {shape} 个元素：超过任何模型的规模，文件头已损坏</translation>
    </message>
    <message>
        <source>{file}: tensor {tensor}</source>
        <translation>{file}：张量 {tensor}</translation>
    </message>
    <message>
        <source>cannot read {path}: {error}</source>
        <translation>无法读取 {path}：{error}</translation>
    </message>
    <message>
        <source>{path} does not exist</source>
        <translation>{path} 不存在</translation>
    </message>
    <message>
        <source>{file} is a {suffix} file, which gpupicker does not read: use the model's .safetensors, .gguf or config.json</source>
        <translation>{file} 是 {suffix} 文件，gpupicker 不读取此格式：请使用该模型的 .safetensors、.gguf 或 config.json</translation>
    </message>
    <message>
        <source>{file} is not a model file gpupicker reads (safetensors, GGUF, config.json or a model folder): {error}</source>
        <translation>{file} 不是 gpupicker 能读取的模型文件（safetensors、GGUF、config.json 或模型文件夹）：{error}</translation>
    </message>
    <message>
        <source>{index} names shard {shard} outside its folder</source>
        <translation>{index} 指向其文件夹之外的分片 {shard}</translation>
    </message>
    <message>
        <source>{index} lists {n} shards but {missing} are missing ({names}): finish the download or import config.json alone</source>
        <translation>{index} 列出 {n} 个分片，但缺少 {missing} 个（{names}）：请下载完整，或只导入 config.json</translation>
    </message>
    <message>
        <source>{file} is part of a split GGUF whose parts {names} are missing</source>
        <translation>{file} 属于分卷 GGUF，缺少分卷 {names}</translation>
    </message>
    <message>
        <source>{folder} has no downloaded snapshot</source>
        <translation>{folder} 中没有已下载的快照</translation>
    </message>
    <message>
        <source>{folder} has no config.json, model_index.json, .safetensors or .gguf file</source>
        <translation>{folder} 中没有 config.json、model_index.json、.safetensors 或 .gguf 文件</translation>
    </message>
    <message>
        <source>{folder}: model_index.json names no transformer/unet with .safetensors weights, so there is nothing to size</source>
        <translation>{folder}：model_index.json 中没有带 .safetensors 权重的 transformer/unet，无从估算</translation>
    </message>
    <message>
        <source>config.json does not describe a model gpupicker can size: {error}</source>
        <translation>config.json 描述的不是 gpupicker 能估算的模型：{error}</translation>
    </message>
    <message>
        <source>config.json has no hidden_size / num_hidden_layers / num_attention_heads: not a decoder config gpupicker can size</source>
        <translation>config.json 缺少 hidden_size / num_hidden_layers / num_attention_heads：不是 gpupicker 能估算的解码器配置</translation>
    </message>
    <message>
        <source>{file} is not a safetensors file: it is shorter than the 8-byte header length</source>
        <translation>{file} 不是 safetensors 文件：比 8 字节的文件头长度字段还短</translation>
    </message>
    <message>
        <source>{file} is not a valid safetensors file: its header is empty</source>
        <translation>{file} 不是有效的 safetensors 文件：文件头为空</translation>
    </message>
    <message>
        <source>{file} is not a valid safetensors file: its header is not a JSON object</source>
        <translation>{file} 不是有效的 safetensors 文件：文件头不是 JSON 对象</translation>
    </message>
    <message>
        <source>{file} is not a valid safetensors file: its header is not valid JSON ({error})</source>
        <translation>{file} 不是有效的 safetensors 文件：文件头不是有效的 JSON（{error}）</translation>
    </message>
    <message>
        <source>{file}: the safetensors header is not a JSON object</source>
        <translation>{file}：safetensors 文件头不是 JSON 对象</translation>
    </message>
    <message>
        <source>{file} claims {n} tensors: the header is damaged</source>
        <translation>{file} 声称有 {n} 个张量：文件头已损坏</translation>
    </message>
    <message>
        <source>{what} is not described by an object</source>
        <translation>{what} 的描述不是 JSON 对象</translation>
    </message>
    <message>
        <source>{what} has dtype {dtype}, which safetensors does not define</source>
        <translation>{what} 的数据类型为 {dtype}，safetensors 未定义此类型</translation>
    </message>
    <message>
        <source>{what} has no shape</source>
        <translation>{what} 没有形状（shape）</translation>
    </message>
    <message>
        <source>{what} has no valid data_offsets</source>
        <translation>{what} 没有有效的 data_offsets</translation>
    </message>
    <message>
        <source>{what} has data_offsets {offsets} that run backwards</source>
        <translation>{what} 的 data_offsets {offsets} 首尾颠倒</translation>
    </message>
    <message>
        <source>{what} is {dtype} {shape} = {nbytes} bytes but its offsets span {span}</source>
        <translation>{what} 为 {dtype} {shape} = {nbytes} 字节，但其偏移范围为 {span}</translation>
    </message>
    <message>
        <source>{what} ends at byte {end} of the data but the file holds {size} (cut short?)</source>
        <translation>{what} 结束于数据区第 {end} 字节，但文件只有 {size}（文件不完整？）</translation>
    </message>
    <message>
        <source>{file}: tensors {a} and {b} overlap (bytes {begin}–{end})</source>
        <translation>{file}：张量 {a} 与 {b} 重叠（第 {begin}–{end} 字节）</translation>
    </message>
    <message>
        <source>{file} has no weight_map of tensor → file names</source>
        <translation>{file} 没有“张量 → 文件名”的 weight_map</translation>
    </message>
    <message>
        <source>{file} is {size} bytes: too large for a JSON config</source>
        <translation>{file} 有 {size} 字节：作为 JSON 配置文件过大</translation>
    </message>
    <message>
        <source>{file} is not valid JSON ({error})</source>
        <translation>{file} 不是有效的 JSON（{error}）</translation>
    </message>
    <message>
        <source>{file} is not a JSON object</source>
        <translation>{file} 不是 JSON 对象</translation>
    </message>
    <message>
        <source>{file} is cut short: {what} at byte {pos} needs {n} bytes but the file has {size}</source>
        <translation>{file} 不完整：第 {pos} 字节处的{what}需要 {n} 字节，但文件只有 {size}</translation>
    </message>
    <message>
        <source>version</source>
        <translation>版本号</translation>
    </message>
    <message>
        <source>tensor count</source>
        <translation>张量数</translation>
    </message>
    <message>
        <source>metadata count</source>
        <translation>元数据条数</translation>
    </message>
    <message>
        <source>metadata key</source>
        <translation>元数据键</translation>
    </message>
    <message>
        <source>metadata {key}</source>
        <translation>元数据 {key}</translation>
    </message>
    <message>
        <source>metadata {key} type</source>
        <translation>元数据 {key} 的类型</translation>
    </message>
    <message>
        <source>array {key} of {n} values</source>
        <translation>含 {n} 个值的数组 {key}</translation>
    </message>
    <message>
        <source>array {key} of {n} strings</source>
        <translation>含 {n} 个字符串的数组 {key}</translation>
    </message>
    <message>
        <source>array {key}</source>
        <translation>数组 {key}</translation>
    </message>
    <message>
        <source>{n} tensor infos</source>
        <translation>{n} 条张量信息</translation>
    </message>
    <message>
        <source>tensor name</source>
        <translation>张量名</translation>
    </message>
    <message>
        <source>tensor {tensor}</source>
        <translation>张量 {tensor}</translation>
    </message>
    <message>
        <source>tensor {tensor} shape</source>
        <translation>张量 {tensor} 的形状</translation>
    </message>
    <message>
        <source>tensor {tensor} type</source>
        <translation>张量 {tensor} 的类型</translation>
    </message>
    <message>
        <source>tensor {tensor} offset</source>
        <translation>张量 {tensor} 的偏移</translation>
    </message>
    <message>
        <source>{file}: metadata {key} claims {n} strings (damaged header)</source>
        <translation>{file}：元数据 {key} 声称有 {n} 个字符串（文件头已损坏）</translation>
    </message>
    <message>
        <source>{file}: metadata {key} is an array of type {type}, which GGUF does not define (damaged header)</source>
        <translation>{file}：元数据 {key} 是类型为 {type} 的数组，GGUF 未定义此类型（文件头已损坏）</translation>
    </message>
    <message>
        <source>{file}: metadata {key} has value type {type}, which GGUF does not define (damaged header)</source>
        <translation>{file}：元数据 {key} 的值类型为 {type}，GGUF 未定义此类型（文件头已损坏）</translation>
    </message>
    <message>
        <source>reading GGUF needs the 'gguf' package (pip install gguf)</source>
        <translation>读取 GGUF 需要安装 'gguf' 包（pip install gguf）</translation>
    </message>
    <message>
        <source>{file} is not a GGUF file: only {size} bytes</source>
        <translation>{file} 不是 GGUF 文件：只有 {size} 字节</translation>
    </message>
    <message>
        <source>{file} is not a GGUF file (no GGUF magic bytes)</source>
        <translation>{file} 不是 GGUF 文件（没有 GGUF 魔数）</translation>
    </message>
    <message>
        <source>{file}: GGUF version {version} is not supported (2 and 3 are)</source>
        <translation>{file}：不支持 GGUF 版本 {version}（支持 2 和 3）</translation>
    </message>
    <message>
        <source>{file} claims {tensors} tensors and {entries} metadata entries: the header is damaged</source>
        <translation>{file} 声称有 {tensors} 个张量和 {entries} 条元数据：文件头已损坏</translation>
    </message>
    <message>
        <source>{file}: tensor {tensor} claims {n} dimensions (damaged header)</source>
        <translation>{file}：张量 {tensor} 声称有 {n} 个维度（文件头已损坏）</translation>
    </message>
    <message>
        <source>{what} has ggml type {type}, which the installed gguf package does not know (newer llama.cpp format?)</source>
        <translation>{what} 的 ggml 类型为 {type}，已安装的 gguf 包不认识（可能是更新的 llama.cpp 格式？）</translation>
    </message>
    <message>
        <source>{what} has {n} {type} values, not a whole number of {block}-value blocks</source>
        <translation>{what} 有 {n} 个 {type} 值，不是 {block} 值块的整数倍</translation>
    </message>
    <message>
        <source>{file}: general.alignment {align} is not a power of two</source>
        <translation>{file}：general.alignment {align} 不是 2 的幂</translation>
    </message>
    <message>
        <source>{file}: tensors {a} and {b} overlap</source>
        <translation>{file}：张量 {a} 与 {b} 重叠</translation>
    </message>
    <message>
        <source>only the text model is counted: {encoders} (the vision/audio encoder) is left out</source>
        <translation>只统计文本模型：{encoders}（视觉/音频编码器）未计入</translation>
    </message>
    <message>
        <source>config.json has no model_type: read as a Llama-style decoder (gated MLP, no q/k/v biases)</source>
        <translation>config.json 没有 model_type：按 Llama 式解码器读取（门控 MLP、q/k/v 无偏置）</translation>
    </message>
    <message>
        <source>{key} differs per layer; the largest value {value} is used</source>
        <translation>{key} 各层不同；取最大值 {value}</translation>
    </message>
    <message>
        <source>GGUF architecture {arch} is not one gpupicker models: layer sizes read from its metadata as a Llama-style decoder</source>
        <translation>gpupicker 未建模 GGUF 架构 {arch}：按 Llama 式解码器从其元数据读取各层尺寸</translation>
    </message>
    <message>
        <source>GGUF metadata does not give a usable architecture ({error}); sized from the parameter count alone</source>
        <translation>GGUF 元数据给不出可用的架构（{error}）；仅按参数量估算</translation>
    </message>
    <message>
        <source>GGUF metadata has no layer sizes; sized from the parameter count alone</source>
        <translation>GGUF 元数据中没有各层尺寸；仅按参数量估算</translation>
    </message>
    <message>
        <source>config.json gives {computed} parameters but the tensors hold {params} ({gap} apart): the tensor count is used</source>
        <translation>config.json 算出 {computed} 个参数，但张量共有 {params} 个（相差 {gap}）：采用张量统计值</translation>
    </message>
    <message>
        <source>no config.json beside the file: the parameter count is exact but the layer sizes are assumed (Llama proportions) when the model is used</source>
        <translation>文件旁没有 config.json：参数量是精确的，但使用该模型时各层尺寸按 Llama 比例假定</translation>
    </message>
    <message>
        <source>{index} says total_size {total} bytes but the shards hold {held}</source>
        <translation>{index} 标明 total_size 为 {total} 字节，但各分片实际共 {held}</translation>
    </message>
    <message>
        <source>{index} maps {mapped} tensors, the shards hold {held}</source>
        <translation>{index} 映射了 {mapped} 个张量，各分片实际有 {held} 个</translation>
    </message>
    <message>
        <source>GGUF file type {type} has no gpupicker weights dtype: pick the closest one on the quantization page</source>
        <translation>GGUF 文件类型 {type} 没有对应的 gpupicker 权重类型：请在量化页选择最接近的一种</translation>
    </message>
    <message>
        <source>precision variants ({files}) were not counted again</source>
        <translation>精度变体（{files}）未重复计入</translation>
    </message>
    <message>
        <source>{files} not read (pickle files are never opened): the parameter count comes from config.json</source>
        <translation>未读取 {files}（从不打开 pickle 文件）：参数量取自 config.json</translation>
    </message>
    <message>
        <source>{n} GGUF files in the folder; {file} was read</source>
        <translation>文件夹中有 {n} 个 GGUF 文件；读取的是 {file}</translation>
    </message>
    <message>
        <source>no config.json in the folder: the layer sizes are assumed (Llama proportions)</source>
        <translation>文件夹中没有 config.json：各层尺寸按 Llama 比例假定</translation>
    </message>
    <message>
        <source>{component}: {warning}</source>
        <translation>{component}：{warning}</translation>
    </message>
    <message>
        <source>{component}: {file} not read (pickle files are never opened)</source>
        <translation>{component}：未读取 {file}（从不打开 pickle 文件）</translation>
    </message>
    <message>
        <source>params counts the denoiser only (as the bundled diffusion models do); {others} are listed apart</source>
        <translation>参数量只计去噪器（与内置扩散模型一致）；{others} 另行列出</translation>
    </message>
    <message>
        <source>{kv} KV heads cannot be split over a tensor parallel size of {tp}: one must divide the other</source>
        <translation>{kv} 个 KV 头无法按张量并行度 {tp} 切分：两者须能整除其一</translation>
    </message>
    <message>
        <source>{path} is {kind}, not a regular file: gpupicker writes only regular files (or through a symlink to one), so it was left unchanged</source>
        <translation>{path} 是{kind}，不是普通文件：gpupicker 只写入普通文件（或经符号链接写入其指向的普通文件），因此未作任何改动</translation>
    </message>
    <message>
        <source>{replicas} copies of the job, one per node of {n} GPU(s): transformers has no server to put behind a load balancer</source>
        <translation>作业运行 {replicas} 份，每个节点一份（每节点 {n} 张卡）：transformers 没有可放在负载均衡后面的服务端</translation>
    </message>
    <message>
        <source>A service of {replicas} replica(s) × {n} GPU(s), each serving on port {port} and ready when {path} answers</source>
        <translation>服务共 {replicas} 个副本 × 每副本 {n} 张卡，各自在端口 {port} 提供服务，{path} 有响应即就绪</translation>
    </message>
    <message>
        <source>Pre-training from scratch: the trl sft command shows the flags, use your own training script with the same batch and sharding</source>
        <translation>从头预训练：trl sft 命令仅示范参数，请用你自己的训练脚本，保持相同的批大小和分片方式</translation>
    </message>
    <message>
        <source>Total number of attention heads ({heads}) must be divisible by tensor parallel size ({tp})</source>
        <translation>注意力头总数（{heads}）必须能被张量并行度（{tp}）整除</translation>
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation>FIFO（命名管道）</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>块设备</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>字符设备</translation>
    </message>
    <message>
        <source>a directory</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <source>a special file</source>
        <translation>特殊文件</translation>
    </message>
    <message>
        <source>{path}: {reason}</source>
        <translation>{path}：{reason}</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>没有权限</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>磁盘已满</translation>
    </message>
    <message>
        <source>the file system is read-only</source>
        <translation>文件系统是只读的</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>文件或文件夹不存在</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>这是一个文件夹</translation>
    </message>
    <message>
        <source>a part of the path is not a folder</source>
        <translation>路径中有一部分不是文件夹</translation>
    </message>
    <message>
        <source>the file name is too long</source>
        <translation>文件名太长</translation>
    </message>
    <message>
        <source>cannot export a plot as {ext}; use .png, .svg or .csv</source>
        <translation>无法把图表导出为 {ext}；请用 .png、.svg 或 .csv</translation>
    </message>
    <message>
        <source>cannot export a plot as a file without extension; use .png, .svg or .csv</source>
        <translation>无法把图表导出为没有扩展名的文件；请用 .png、.svg 或 .csv</translation>
    </message>
    <message>
        <source>no results to report yet</source>
        <translation>还没有可写入报告的结果</translation>
    </message>
    <message>
        <source>cannot write {path}: the PDF writer produced no file</source>
        <translation>无法写入 {path}：PDF 生成器没有生成文件</translation>
    </message>
    <message>
        <source>report format {ext} is not known; use .md, .html or .pdf</source>
        <translation>未知的报告格式 {ext}；请用 .md、.html 或 .pdf</translation>
    </message>
    <message>
        <source>the file name has no extension; use .md, .html or .pdf</source>
        <translation>文件名没有扩展名；请用 .md、.html 或 .pdf</translation>
    </message>
    <message>
        <source>the serving plan's {replicas} replica(s) × {per} GPU(s) are not the option's {n} GPUs</source>
        <translation>服务方案的 {replicas} 个副本 × 每副本 {per} 张卡与该方案的 {n} 张卡不一致</translation>
    </message>
    <message>
        <source>{engine} cannot run on {n} GPUs per replica: {error}</source>
        <translation>{engine} 无法以每副本 {n} 张卡运行：{error}</translation>
    </message>
    <message>
        <source>{engine} refuses to start: {error}</source>
        <translation>{engine} 拒绝启动：{error}</translation>
    </message>
    <message>
        <source>the JSON is nested deeper than {limit} levels, which no workload or model file needs; it was not read</source>
        <translation>JSON 嵌套超过 {limit} 层，任何任务配置或模型文件都用不到这么深；未读取</translation>
    </message>
    <message>
        <source>the JSON holds a number {n} characters long (at most {limit} are read); it was not read</source>
        <translation>JSON 中有一个长达 {n} 个字符的数字（最多读取 {limit} 个字符）；未读取</translation>
    </message>
    <message>
        <source>{file}: {error}</source>
        <translation>{file}：{error}</translation>
    </message>
    <message>
        <source>config.json: {field} is a {kind}, not an object, so the model cannot be read</source>
        <translation>config.json：{field} 是 {kind}，不是对象，因此无法读取该模型</translation>
    </message>
    <message>
        <source>{file} is not a regular file (a pipe, a device or a socket), so it was not opened</source>
        <translation>{file} 不是普通文件（而是管道、设备或套接字），因此未打开</translation>
    </message>
    <message>
        <source>{file} is a link that leads out of the Hugging Face cache folder {folder}, so it was not followed</source>
        <translation>{file} 是指向 Hugging Face 缓存文件夹 {folder} 之外的链接，因此未跟随</translation>
    </message>
    <message>
        <source>{path} could not be read: a field has a form gpupicker does not expect ({error})</source>
        <translation>无法读取 {path}：某个字段的形式不是 gpupicker 预期的（{error}）</translation>
    </message>
    <message>
        <source>the log's {figure} figure is far beyond any GPU (over 10^18): the log is damaged, so nothing was stored</source>
        <translation>日志中的 {figure} 数值远超任何 GPU（超过 10^18）：日志已损坏，未保存任何内容</translation>
    </message>
    <message>
        <source>the log's block_size {value} is not a KV block size (1 to {limit} tokens), so nothing was stored</source>
        <translation>日志中的 block_size {value} 不是有效的 KV 块大小（1 到 {limit} 个 token），未保存任何内容</translation>
    </message>
    <message>
        <source>the log reports a KV cache of 0 tokens (the engine found no memory for one): a run that could not serve is nothing to calibrate on, so nothing was stored</source>
        <translation>日志显示 KV 缓存为 0 个 token（引擎没有可用显存分配 KV 缓存）：无法提供服务的运行不能用于校准，未保存任何内容</translation>
    </message>
    <message>
        <source>cancelled; nothing was read</source>
        <translation>已取消；未读取任何内容</translation>
    </message>
    <message>
        <source>the catalog setting {key} in {path} is damaged ({detail}); it is left out. Run 'gpupicker catalog recover' to reset it (your rows, prices and other settings are kept)</source>
        <translation>价格库 {path} 中的设置 {key} 已损坏（{detail}），已忽略。运行 'gpupicker catalog recover' 可将其重置（你的数据行、价格和其他设置都会保留）</translation>
    </message>
    <message>
        <source>the disk holding {path} is full, so gpupicker could not {action}; nothing was changed and the catalog is intact. Free some space and try again (recommend and estimate still work)</source>
        <translation>{path} 所在的磁盘已满，gpupicker 无法执行 {action}；没有做任何改动，价格库完好无损。请腾出空间后重试（推荐和估算仍可使用）</translation>
    </message>
    <message>
        <source>{path} is an SQLite database of another application (tables: {tables}), not a gpupicker catalog; it was not opened and is left unchanged. Give a gpupicker catalog, or a new file name, with --catalog PATH</source>
        <translation>{path} 是其他应用的 SQLite 数据库（表：{tables}），不是 gpupicker 价格库；未打开，文件保持原样。请用 --catalog PATH 指定 gpupicker 价格库或一个新文件名</translation>
    </message>
    <message>
        <source>the catalog {path} was written by a newer version of gpupicker (schema step(s) {steps} are unknown to this one); it was not opened and is left unchanged. Use the newer gpupicker, or another catalog with --catalog PATH</source>
        <translation>价格库 {path} 由更新版本的 gpupicker 写入（本版本不认识其结构步骤 {steps}）；未打开，文件保持原样。请使用新版 gpupicker，或用 --catalog PATH 指定其他价格库</translation>
    </message>
    <message>
        <source>engine_build {build} is not a llama.cpp build number (write 'b4500', '4500' or llama-bench's 'build: e598697d (4696)')</source>
        <translation>engine_build {build} 不是 llama.cpp 的构建号（请写 'b4500'、'4500' 或 llama-bench 输出的 'build: e598697d (4696)'）</translation>
    </message>
    <message>
        <source>engine_build and engine_date are read for llama.cpp builds (llama.cpp, Ollama, LM Studio): {fw} does not use them</source>
        <translation>engine_build 和 engine_date 只用于 llama.cpp 的构建（llama.cpp、Ollama、LM Studio）：{fw} 不使用这两个字段</translation>
    </message>
    <message>
        <source>{sms} SMs stream at most {share} of the datasheet bandwidth (per-SM rate of an H200 at full bandwidth)</source>
        <translation>{sms} 个 SM 最多只能读满标称带宽的 {share}（按 H200 满带宽时每个 SM 的速率）</translation>
    </message>
    <message>
        <source>only {held} of the {b} sequences fit in the engine's KV cache pool and max_num_seqs at once: the rest wait in its queue, so every speed is that of {held} running sequences</source>
        <translation>{b} 条序列中只有 {held} 条能同时放进引擎的 KV 缓存池并满足 max_num_seqs：其余在队列中等待，因此各项速度都是 {held} 条序列同时运行时的速度</translation>
    </message>
    <message>
        <source>continuous batching with chunked prefill: {b} running sequences admit a new request as one finishes, so each step also runs {chunk} prompt tokens (budget max_num_batched_tokens {budget}): {ms} ms per step instead of {plain} ms</source>
        <translation>连续批处理与分块预填充：{b} 条运行中的序列每结束一条就接入一个新请求，因此每一步还要处理 {chunk} 个提示词 token（max_num_batched_tokens 预算 {budget}）：每步 {ms} ms，而不是 {plain} ms</translation>
    </message>
    <message>
        <source>transformers generate() {era}: {ms} ms of host time per token outside expert loops</source>
        <translation>transformers generate() {era}：专家循环之外每个 token 主机耗时 {ms} ms</translation>
    </message>
    <message>
        <source>transformers version not named in environment: {era} assumed, {ms} ms of host time per token outside expert loops (4.3x and earlier spent about 1.7× as much, 5.x about 5×)</source>
        <translation>运行环境说明中未写明 transformers 版本：按 {era} 估算，专家循环之外每个 token 主机耗时 {ms} ms（4.3x 及更早版本约为 1.7 倍，5.x 约为 5 倍）</translation>
    </message>
    <message>
        <source>before 4.44 (rotary tables and masks rebuilt in every layer)</source>
        <translation>4.44 之前（每层都重建旋转位置编码表和掩码）</translation>
    </message>
    <message>
        <source>4.44 to 4.x (position embeddings computed once per forward)</source>
        <translation>4.44 至 4.x（每次前向只计算一次位置编码）</translation>
    </message>
    <message>
        <source>5.x (measured on the H200 cases, host and GPU time adding)</source>
        <translation>5.x（按 H200 实测用例，主机时间与 GPU 时间相加）</translation>
    </message>
    <message>
        <source>prompts over {tokens} tokens under transformers measured up to 4.8× slower than this estimate (cause not modelled): range ±{pct} %</source>
        <translation>transformers 处理超过 {tokens} 个 token 的提示词时，实测最慢为本估算的 4.8 倍（原因未建模）：误差范围 ±{pct}%</translation>
    </message>
    <message>
        <source>transformers MoE blocks loop in Python over all {n} experts of each MoE layer (transformers before 4.53): {iters} iterations per token, each synchronizing the GPU, {ms} ms of host time per token</source>
        <translation>transformers 的 MoE 层在解释器中逐个循环遍历每层全部 {n} 个专家（transformers 4.53 之前）：每个 token {iters} 次迭代，每次都与 GPU 同步，每个 token 主机耗时 {ms} ms</translation>
    </message>
    <message>
        <source>transformers MoE blocks loop in Python over the experts the batch is routed to ({n} per MoE layer; 4.53 or newer unless the environment names an older version): {iters} iterations per token, each synchronizing the GPU, {ms} ms of host time per token</source>
        <translation>transformers 的 MoE 层在解释器中逐个循环遍历本批次路由到的专家（每个 MoE 层 {n} 个；除非运行环境说明写明更早的版本，按 4.53 或更新版本估算）：每个 token {iters} 次迭代，每次都与 GPU 同步，每个 token 主机耗时 {ms} ms</translation>
    </message>
    <message>
        <source>block-FP8 checkpoint under transformers: {n} FP8Linear calls per token, each two Triton launches and a device synchronize</source>
        <translation>transformers 运行分块 FP8 权重：每个 token 调用 {n} 次 FP8Linear，每次两次 Triton 内核启动并同步一次设备</translation>
    </message>
    <message>
        <source>llama.cpp build {era} ({given}): {ms} ms of fixed decode time per layer</source>
        <translation>llama.cpp 构建 {era}（{given}）：每层固定解码时间 {ms} ms</translation>
    </message>
    <message>
        <source>llama.cpp build not named (engine_build or engine_date): a current build is assumed, {era}, {ms} ms of fixed decode time per layer (older builds: {old_ms} ms)</source>
        <translation>未指定 llama.cpp 构建（engine_build 或 engine_date）：按当前构建估算，{era}，每层固定解码时间 {ms} ms（旧构建：{old_ms} ms）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/core_text.py" line="224" />
        <source>Ollama {since} to before {until} runs {model_type} models ({arch} GGUF) on its own Go engine, not on llama.cpp: that engine is not modelled, and this llama.cpp figure can be several times too fast (gpt-oss-120b on an A100 80GB measured 3.1× slower, qwen3:30b-a3b on an RTX 5090 1.6× slower than on Ollama {until}'s llama-server): range ±{pct} %</source>
        <translation>Ollama {since} 至 {until} 之前的版本用其自带的 Go 引擎而非 llama.cpp 运行 {model_type} 模型（{arch} GGUF）：该引擎未建模，这里的 llama.cpp 数值可能快出数倍（gpt-oss-120b 在 A100 80GB 上实测慢 3.1 倍，qwen3:30b-a3b 在 RTX 5090 上比 Ollama {until} 的 llama-server 慢 1.6 倍）：误差范围 ±{pct}%</translation>
    </message>
    <message>
        <source>Ollama samples each token on the CPU between decode steps, its default repeat penalty scanning all {vocab} vocabulary entries: {ms} ms per token</source>
        <translation>Ollama 在两次解码步之间于 CPU 上采样每个 token，其默认重复惩罚遍历全部 {vocab} 个词表项：每 token {ms} ms</translation>
    </message>
    <message>
        <source>{framework} is not a llama.cpp build: its date names no llama.cpp era, the newest era's fixed decode time stands in, {ms} ms per layer</source>
        <translation>{framework} 不是 llama.cpp 构建：其日期不对应任何 llama.cpp 构建时期，按最新时期的固定解码时间估算，每层 {ms} ms</translation>
    </message>
    <message>
        <source>before b6100 (2025-08; kernels launched one by one, graph rebuilt for every token)</source>
        <translation>b6100（2025-08）之前（内核逐个启动，每个 token 重建计算图）</translation>
    </message>
    <message>
        <source>b6100 (2025-08) or newer (compute graphs reused across tokens, fused kernels)</source>
        <translation>b6100（2025-08）或更新（计算图跨 token 复用，内核融合）</translation>
    </message>
    <message>
        <source>quantized_groups: {group} is not a weight group gpupicker models; known: {choices}</source>
        <translation>quantized_groups：{group} 不是已建模的权重组；可用：{choices}</translation>
    </message>
    <message>
        <source>MoE decode reads per token: {attention} GB attention, {experts} GB routed experts ({touched} of {n} per layer), {shared} GB shared experts and router, {head} GB lm_head, each group at its own dtype ({quantized} in {dtype}, the rest 16-bit)</source>
        <translation>MoE 解码每个 token 读取：注意力 {attention} GB，路由专家 {experts} GB（每层 {n} 个中的 {touched} 个），共享专家和路由器 {shared} GB，lm_head {head} GB，每组按各自的数据类型计（{quantized} 为 {dtype}，其余 16 位）</translation>
    </message>
    <message>
        <source>backend {backend} is not a llama.cpp back-end gpupicker models; known: {choices}</source>
        <translation>后端 {backend} 不在已建模的 llama.cpp 后端之列；可用：{choices}</translation>
    </message>
    <message>
        <source>optimizer {optimizer} is not one whose states gpupicker models; known: {choices}, or a Hugging Face TrainingArguments.optim name for them ({hf} …)</source>
        <translation>优化器 {optimizer} 的状态 gpupicker 未建模；可用：{choices}，或它们对应的 Hugging Face TrainingArguments.optim 名称（{hf} …）</translation>
    </message>
    <message>
        <source>backend 'cpu' runs the model on the host CPU, without {gpu}: gpupicker plans GPU jobs</source>
        <translation>后端 'cpu' 在主机 CPU 上运行模型，不使用 {gpu}：本工具只规划 GPU 任务</translation>
    </message>
    <message>
        <source>llama.cpp's {backend} back-end does not run on {gpu} ({platform})</source>
        <translation>llama.cpp 的 {backend} 后端不能在 {gpu}（{platform}）上运行</translation>
    </message>
    <message>
        <source>{engine} has no {backend} back-end (back-ends other than the GPU's own are modelled for llama.cpp, Ollama and LM Studio)</source>
        <translation>{engine} 没有 {backend} 后端（GPU 原生后端以外的后端只对 llama.cpp、Ollama 和 LM Studio 建模）</translation>
    </message>
    <message>
        <source>llama.cpp {backend} back-end: weights stream at {eta} of peak bandwidth and prompt GEMMs at {prefill} of the CUDA path's rate, within ±{pct} % ({source})</source>
        <translation>llama.cpp {backend} 后端：权重读取达到峰值带宽的 {eta}，提示词矩阵乘法达到 CUDA 路径速率的 {prefill}，误差在 ±{pct}% 以内（{source}）</translation>
    </message>
    <message>
        <source>RX 6700 XT ROCm 7B Q4_0 tg128 at 0.63 of bandwidth, llama.cpp PR #5835; MI50 HIP 8B Q4_0 at 0.42, PR #16715</source>
        <translation>RX 6700 XT ROCm 7B Q4_0 tg128 达到带宽的 0.63，llama.cpp PR #5835；MI50 HIP 8B Q4_0 为 0.42，PR #16715</translation>
    </message>
    <message>
        <source>Arc A770 8B Q4_K_M tg at 0.47 of bandwidth, llama.cpp issue #17628 (b7189); RX 5700 XT 7B Q4_0 at 0.56, PR #13324; RX 6700 XT pp512 0.42 of ROCm's, PR #5835; NVIDIA cooperative-matrix shaders: RTX 3090 8B Q4_0 pp512 0.84 of the CUDA path, PR #13506</source>
        <translation>Arc A770 8B Q4_K_M 生成达到带宽的 0.47，llama.cpp issue #17628（b7189）；RX 5700 XT 7B Q4_0 为 0.56，PR #13324；RX 6700 XT pp512 为 ROCm 的 0.42，PR #5835；NVIDIA 协作矩阵着色器：RTX 3090 8B Q4_0 pp512 为 CUDA 路径的 0.84，PR #13506</translation>
    </message>
    <message>
        <source>Arc B580 SYCL Qwen2-7B Q4_K_M tg128 at 0.68 of bandwidth, pp512 2,336 tokens/s, intel/ipex-llm issue #12991</source>
        <translation>Arc B580 SYCL Qwen2-7B Q4_K_M tg128 达到带宽的 0.68，pp512 为 2,336 tokens/s，intel/ipex-llm issue #12991</translation>
    </message>
    <message>
        <source>Eager MoE blocks run the {experts} experts of each of {layers} MoE layers one by one (transformers' expert loop): {ms} ms of host time per step (before QLoRA's bitsandbytes calls)</source>
        <translation>eager 模式的 MoE 块在 {layers} 个 MoE 层中逐个运行每层的 {experts} 个专家（transformers 的专家循环）：每步主机时间 {ms} ms（未计 4 位量化微调的 bitsandbytes 调用）</translation>
    </message>
    <message>
        <source>{alias} {alias_value} disagrees with {field} {value}: they set the same field (give one of them)</source>
        <translation>{alias} {alias_value} 与 {field} {value} 不一致：二者设置同一个字段（只给出其中一个）</translation>
    </message>
    <message>
        <source>{flag} {value} disagrees with task {task}</source>
        <translation>{flag} {value} 与任务 {task} 不一致</translation>
    </message>
    <message>
        <source>{alias} {alias_value} disagrees with {field} {value}: they are the same count (give one of them)</source>
        <translation>{alias} {alias_value} 与 {field} {value} 不一致：二者是同一个数（只给出其中一个）</translation>
    </message>
    <message>
        <source>No parallelism given: sharded with FSDP FULL_SHARD (ZeRO-3) over {n} GPUs, as the ranking plans it</source>
        <translation>未指定并行方式：与排名的方案相同，以 FSDP FULL_SHARD（ZeRO-3）在 {n} 张 GPU 上分片</translation>
    </message>
    <message>
        <source>bitsandbytes {dtype} has no {platform} backend, so QLoRA does not train on the {gpu}: LoRA on 16-bit weights does</source>
        <translation>bitsandbytes {dtype} 没有 {platform} 后端，QLoRA 无法在 {gpu} 上训练：16 位权重的 LoRA 可以</translation>
    </message>
    <message>
        <source>Fused cross-entropy ({kernels} kernels): the logits are never held in fp32 for the whole micro-batch</source>
        <translation>融合交叉熵（{kernels} 内核）：不再为整个微批次保存 fp32 logits</translation>
    </message>
    <message>
        <source>about the same speed (pip install 'liger-kernel'; 'use_liger_kernel=True' in 'TrainingArguments')</source>
        <translation>速度基本不变（pip 安装 'liger-kernel'；在 'TrainingArguments' 中设置 'use_liger_kernel=True'）</translation>
    </message>
    <message>
        <source>provider {provider} sells clusters over an unknown network {network}; known: {known}</source>
        <translation>服务商 {provider} 的集群网络 {network} 未知；已知：{known}</translation>
    </message>
    <message>
        <source>Options above one instance are kept only where the provider sells clusters of that size (data/providers.csv): {n} left out</source>
        <translation>超过单个实例的选项只保留服务商出售该规模集群的（data/providers.csv）：略去 {n} 个</translation>
    </message>
    <message>
        <source>Start-up billed: {minutes} min ({why}; workload startup_minutes)</source>
        <translation>计费的启动时间：{minutes} 分钟（{why}；任务配置字段 startup_minutes）</translation>
    </message>
    <message>
        <source>image pull, model download and load of {gib} GiB of weights</source>
        <translation>拉取镜像、下载并加载 {gib} GiB 权重</translation>
    </message>
    <message>
        <source>as given</source>
        <translation>按给定值</translation>
    </message>
    <message>
        <source>{provider} bills in steps of {step}: {hours} h billed</source>
        <translation>{provider} 以 {step} 为计费单位：计费 {hours} 小时</translation>
    </message>
    <message>
        <source>{provider} does not publish its billing step: billed by the second</source>
        <translation>{provider} 未公布计费粒度：按秒计费</translation>
    </message>
    <message>
        <source>{provider} joins the nodes over {network}; the speed above assumes InfiniBand-class links of 400 Gb/s per GPU between nodes</source>
        <translation>{provider} 的节点之间通过 {network} 互联；上面的速度按 InfiniBand 级别、节点间每张 GPU 400 Gb/s 的链路估算</translation>
    </message>
    <message>
        <source>plain Ethernet is slower than that, so allow for a longer run</source>
        <translation>普通以太网比这慢，运行时间请留出余量</translation>
    </message>
    <message>
        <source>{text}</source>
        <translation>{text}</translation>
    </message>
    <message>
        <source>num_gpus {num_gpus} disagrees with the {total} cards listed in gpus; give one of them</source>
        <translation>num_gpus {num_gpus} 与 gpus 中列出的 {total} 张卡不一致；只给出其中一个</translation>
    </message>
    <message>
        <source>gpus lists {total} cards; one machine holds at most 64</source>
        <translation>gpus 列出了 {total} 张卡；一台机器最多 64 张</translation>
    </message>
    <message>
        <source>tensor_split has {given} values for {total} cards in gpus; give one per card</source>
        <translation>tensor_split 有 {given} 个值，而 gpus 中有 {total} 张卡；请每张卡给一个值</translation>
    </message>
    <message>
        <source>tensor_split needs the cards it splits over: list them in gpus</source>
        <translation>tensor_split 需要知道切分到哪些卡上：请在 gpus 中列出这些卡</translation>
    </message>
    <message>
        <source>tensor_split values must be 0 or more and not all 0</source>
        <translation>tensor_split 的值必须不小于 0，且不能全为 0</translation>
    </message>
    <message>
        <source>the job names no machine (gpus)</source>
        <translation>该任务没有指定机器（gpus）</translation>
    </message>
    <message>
        <source>gpus names the machine's cards: look them up in the catalog first (an estimate per card needs each card's memory)</source>
        <translation>gpus 列出了机器上的卡：请先在价格库中查到这些卡（按卡估算需要每张卡的显存）</translation>
    </message>
    <message>
        <source>gpus: no GPU {gpu} in the catalog (gpupicker catalog export gpus lists the ids)</source>
        <translation>gpus：价格库中没有 GPU {gpu}（gpupicker catalog export gpus 可列出所有 id）</translation>
    </message>
    <message>
        <source>each card has its own compute buffer; the card with the output layer holds the logits</source>
        <translation>每张卡有各自的计算缓冲区；放输出层的那张卡还要存放 logits</translation>
    </message>
    <message>
        <source>layers split as given: --tensor-split {split}</source>
        <translation>按给定方式切分各层：--tensor-split {split}</translation>
    </message>
    <message>
        <source>llama.cpp's default split (by free memory) would put {layers} layers on the cards and also fit ({gpu} at {used} of {cap} GiB)</source>
        <translation>llama.cpp 的默认切分（按空闲显存）会把 {layers} 层分到各卡，显存同样够用（{gpu} 用 {used} / {cap} GiB）</translation>
    </message>
    <message>
        <source>llama.cpp's default split (by free memory) would put {layers} layers on the cards and overflow {gpu} ({used} of {cap} GiB): give the --tensor-split below</source>
        <translation>llama.cpp 的默认切分（按空闲显存）会把 {layers} 层分到各卡，{gpu} 会超出显存（{used} / {cap} GiB）：请使用下面的 --tensor-split</translation>
    </message>
    <message>
        <source>per card: {cards} (--tensor-split {split})</source>
        <translation>各卡：{cards}（--tensor-split {split}）</translation>
    </message>
    <message>
        <source>CUDA{index} {gpu} {layers} layers, {used} of {cap} GiB</source>
        <translation>CUDA{index} {gpu} {layers} 层，{used} / {cap} GiB</translation>
    </message>
    <message>
        <source>CUDA{index} {gpu} {layers} layers and the output layer, {used} of {cap} GiB</source>
        <translation>CUDA{index} {gpu} {layers} 层及输出层，{used} / {cap} GiB</translation>
    </message>
    <message>
        <source>training or image generation over unlike cards ({cards}) is not modelled: data-parallel and sharded training give every card an equal share</source>
        <translation>未对不同型号的卡（{cards}）上的训练或图像生成建模：数据并行和分片训练给每张卡相同的份额</translation>
    </message>
    <message>
        <source>`transformers` over unlike cards ({cards}, `device_map` with `max_memory`) is not modelled; the layer split of `llama.cpp` is</source>
        <translation>未对不同型号的卡（{cards}）上的 `transformers`（`device_map` 加 `max_memory`）建模；已建模的是 `llama.cpp` 的按层切分</translation>
    </message>
    <message>
        <source>{engine} splits every layer in equal shards over the cards (tensor parallelism), so unlike cards ({cards}) run at the smallest card's memory and the slowest card's speed; tensor-parallel plans are sized for equal cards only</source>
        <translation>{engine} 用张量并行把每一层等分到各卡，因此不同型号的卡（{cards}）只能按最小那张卡的显存和最慢那张卡的速度运行；张量并行方案只按相同的卡估算</translation>
    </message>
    <message>
        <source>what runs on them: `llama.cpp` / `Ollama` with `--tensor-split` (layers split by each card's memory), or `vLLM` pipeline parallelism with `VLLM_PP_LAYER_PARTITION` (not modelled here)</source>
        <translation>能在这些卡上运行的方案：`llama.cpp` / `Ollama` 加 `--tensor-split`（按每张卡的显存分层），或 `vLLM` 流水线并行加 `VLLM_PP_LAYER_PARTITION`（此处未建模）</translation>
    </message>
    <message>
        <source>not an option on {gpus}</source>
        <translation>{gpus} 不可选</translation>
    </message>
    <message>
        <source>CUDA{index} {gpu} {layers} layers {ms} ms ({bw} GB/s)</source>
        <translation>CUDA{index} {gpu} {layers} 层 {ms} 毫秒（{bw} GB/s）</translation>
    </message>
    <message>
        <source>layer split = a pipeline: each token passes the cards in turn, time per token = the sum of each card's share: {cards}, hand-overs {handoff} ms = {ms} ms</source>
        <translation>按层切分即流水线：每个 token 依次经过各卡，每 token 耗时 = 各卡所占时间之和：{cards}，卡间交接 {handoff} 毫秒 = {ms} 毫秒</translation>
    </message>
    <message>
        <source>{gpu} (CUDA{index}) takes {share} of each token: the slowest part of the split sets the speed</source>
        <translation>{gpu}（CUDA{index}）占每个 token 耗时的 {share}：切分中最慢的部分决定速度</translation>
    </message>
    <message>
        <source>layer split: {gpu} (CUDA{index}) takes {share} of each token and sets the pace</source>
        <translation>按层切分：{gpu}（CUDA{index}）占每个 token 耗时的 {share}，决定整体速度</translation>
    </message>
    <message>
        <source>buy 1 × {gpu} ({price} list price) and add it to your machine</source>
        <translation>购买 1 张 {gpu}（标价 {price}），加到你的机器上</translation>
    </message>
    <message>
        <source>buy 1 × {gpu} ({price} list price) to replace the {gpus}</source>
        <translation>购买 1 张 {gpu}（标价 {price}），替换 {gpus}</translation>
    </message>
    <message>
        <source>your owned GPUs are taken as one machine: {gpus}</source>
        <translation>你的自有 GPU 被视为同一台机器：{gpus}</translation>
    </message>
    <message>
        <source>{gpus} is priced at its electricity only: a card of it is not among your owned GPUs, so its purchase is taken as paid (add it with `gpupicker owned add --purchase` to count it)</source>
        <translation>{gpus} 只按电费计价：其中有卡不在你的自有 GPU 中，购置费按已付清计（用 `gpupicker owned add --purchase` 添加即可计入）</translation>
    </message>
    <message>
        <source>no single card added to or replacing one in {gpus} makes the job fit</source>
        <translation>在 {gpus} 上加一张卡或换掉其中一张，显存都不足以运行该任务</translation>
    </message>
    <message>
        <source>llama.cpp layer split over {cards}: --tensor-split {split} gives each card its layers, the output layer on the last; -mg (--main-gpu) is not given: it only matters for --split-mode row or none</source>
        <translation>llama.cpp 在 {cards} 上按层切分：--tensor-split {split} 给每张卡分配各自的层，输出层放在最后一张卡；未给出 -mg（--main-gpu）：它只对 --split-mode row 或 none 起作用</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES={devices} with CUDA_DEVICE_ORDER=PCI_BUS_ID lists the cards in nvidia-smi's order, as in gpus; CUDA's own default order puts the fastest card first</source>
        <translation>CUDA_VISIBLE_DEVICES={devices} 配合 CUDA_DEVICE_ORDER=PCI_BUS_ID 按 nvidia-smi 的顺序（即 gpus 的顺序）列出各卡；CUDA 自己的默认顺序会把最快的卡排在最前</translation>
    </message>
    <message>
        <source>{machine} is your own machine: run the command above on it (no cloud task)</source>
        <translation>{machine} 是你自己的机器：请在这台机器上运行上面的命令（没有云端任务）</translation>
    </message>
    <message>
        <source>{machine} at {pricing} prices</source>
        <translation>{machine}（{pricing}价格）</translation>
    </message>
    <message>
        <source>Ollama chooses its own split over the cards (no --tensor-split): the per-card figures are llama.cpp's with the split shown</source>
        <translation>Ollama 自行决定各卡的切分（没有 --tensor-split）：各卡数字是 llama.cpp 按所示切分的结果</translation>
    </message>
    <message>
        <source>{field}: {reason}</source>
        <translation>{field}：{reason}</translation>
    </message>
    <message>
        <source>{field} {reason}</source>
        <translation>{field} {reason}</translation>
    </message>
    <message>
        <source>must be at least {bound}</source>
        <translation>不能小于 {bound}</translation>
    </message>
    <message>
        <source>must be greater than {bound}</source>
        <translation>必须大于 {bound}</translation>
    </message>
    <message>
        <source>must be at most {bound}</source>
        <translation>不能大于 {bound}</translation>
    </message>
    <message>
        <source>must be less than {bound}</source>
        <translation>必须小于 {bound}</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>必须是整数</translation>
    </message>
    <message>
        <source>is not a number</source>
        <translation>不是数字</translation>
    </message>
    <message>
        <source>must be a finite number</source>
        <translation>必须是有限的数字</translation>
    </message>
    <message>
        <source>is required</source>
        <translation>为必填项</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>不能为空</translation>
    </message>
    <message>
        <source>{value} is not a finite number</source>
        <translation>{value} 不是有限的数字</translation>
    </message>
    <message>
        <source>{value} is above the limit of {limit} (a typo?)</source>
        <translation>{value} 超过了上限 {limit}（是否输错？）</translation>
    </message>
    <message>
        <source>{value} is below the lowest sensible value {limit} (a typo, or a unit slip?)</source>
        <translation>{value} 低于合理的最小值 {limit}（是否输错或单位有误？）</translation>
    </message>
    <message>
        <source>{value} per GPU-hour is above the limit of {limit} (a typo?)</source>
        <translation>每卡时 {value} 超过了上限 {limit}（是否输错？）</translation>
    </message>
    <message>
        <source>{value} per GPU-hour is below the lowest sensible price {limit} (a typo, or a unit slip?)</source>
        <translation>每卡时 {value} 低于合理的最低价格 {limit}（是否输错或单位有误？）</translation>
    </message>
    <message>
        <source>{value} is above the limit of {limit} GPUs in one instance (a typo?)</source>
        <translation>{value} 超过了单个实例 {limit} 张卡的上限（是否输错？）</translation>
    </message>
    <message>
        <source>{value} is not one of {kinds}</source>
        <translation>{value} 不是以下计费方式之一：{kinds}</translation>
    </message>
    <message>
        <source>{value} is not a date: use YYYY-MM-DD, YYYY-MM, YYYY, a quarter such as 2024Q3, 'early/mid/late YYYY' or 'unknown'</source>
        <translation>{value} 不是日期：请使用 YYYY-MM-DD、YYYY-MM、YYYY、季度（如 2024Q3）、'early/mid/late YYYY' 或 'unknown'</translation>
    </message>
    <message>
        <source>{value} is in the future (today is {today})</source>
        <translation>{value} 是将来的日期（今天是 {today}）</translation>
    </message>
    <message>
        <source>{value} is not a 3-letter code such as USD or CNY</source>
        <translation>{value} 不是三个字母的货币代码（如 USD 或 CNY）</translation>
    </message>
    <message>
        <source>{value} is not a known ISO 4217 code (such as USD, EUR, CNY); add an exchange rate for it first</source>
        <translation>{value} 不是已知的 ISO 4217 货币代码（如 USD、EUR、CNY）；请先为它添加汇率</translation>
    </message>
    <message>
        <source>{value} may hold only a-z, 0-9, '_', '.' and '-' (at most 100 characters)</source>
        <translation>{value} 只能包含 a-z、0-9、'_'、'.' 和 '-'（最多 100 个字符）</translation>
    </message>
    <message>
        <source>{value} repeats line {line}</source>
        <translation>{value} 与第 {line} 行重复</translation>
    </message>
    <message>
        <source>unknown GPU {value} (add it to gpus first)</source>
        <translation>未知的 GPU {value}（请先把它添加到 gpus）</translation>
    </message>
    <message>
        <source>LLM row is missing {columns}</source>
        <translation>LLM 行缺少 {columns}</translation>
    </message>
    <message>
        <source>unknown table {table}: use one of {tables}</source>
        <translation>未知的表 {table}：请使用 {tables} 之一</translation>
    </message>
    <message>
        <source>the file is {size}; imports are limited to {limit} (split it into smaller files)</source>
        <translation>文件大小为 {size}；导入上限为 {limit}（请拆分成较小的文件）</translation>
    </message>
    <message>
        <source>not CSV text: binary data (a NUL byte at byte {offset})</source>
        <translation>不是 CSV 文本：含二进制数据（第 {offset} 字节为 NUL）</translation>
    </message>
    <message>
        <source>not UTF-8 text ({why} near byte {offset}); save the file as UTF-8 CSV</source>
        <translation>不是 UTF-8 文本（第 {offset} 字节附近：{why}）；请将文件另存为 UTF-8 编码的 CSV</translation>
    </message>
    <message>
        <source>not UTF-8 text ({why} at the end of the file)</source>
        <translation>不是 UTF-8 文本（文件末尾：{why}）</translation>
    </message>
    <message>
        <source>not UTF-8 text ({why} at byte {offset})</source>
        <translation>不是 UTF-8 文本（第 {offset} 字节：{why}）</translation>
    </message>
    <message>
        <source>more than {n} rows; imports are limited to {n} rows (split the file)</source>
        <translation>超过 {n} 行；每次导入最多 {n} 行（请拆分文件）</translation>
    </message>
    <message>
        <source>line {line} is longer than {limit}: not a catalog CSV</source>
        <translation>第 {line} 行超过 {limit}：不是价格库 CSV</translation>
    </message>
    <message>
        <source>empty file: no header row</source>
        <translation>空文件：没有表头行</translation>
    </message>
    <message>
        <source>unknown column(s): {columns} (expected columns of {table}.csv: {expected})</source>
        <translation>未知的列：{columns}（{table}.csv 的列应为：{expected}）</translation>
    </message>
    <message>
        <source>the file separates its columns with ';', not ',' (as Excel does where the decimal mark is a comma): save it as CSV UTF-8 (comma delimited) with '.' as the decimal mark</source>
        <translation>文件用“;”而不是“,”分隔各列（小数点为逗号的地区的 Excel 会这样保存）：请另存为“CSV UTF-8（逗号分隔）”，并以“.”作小数点</translation>
    </message>
    <message>
        <source>repeated column(s): {columns}</source>
        <translation>重复的列：{columns}</translation>
    </message>
    <message>
        <source>missing column(s): {columns}</source>
        <translation>缺少的列：{columns}</translation>
    </message>
    <message>
        <source>{cells} cells but the header has {width}</source>
        <translation>有 {cells} 个单元格，但表头只有 {width} 列</translation>
    </message>
    <message>
        <source>the cell is longer than {limit}</source>
        <translation>单元格超过 {limit}</translation>
    </message>
    <message>
        <source>not a readable CSV file: {error}</source>
        <translation>不是可读的 CSV 文件：{error}</translation>
    </message>
    <message>
        <source>stopped checking after {n} bad rows</source>
        <translation>发现 {n} 行错误后停止检查</translation>
    </message>
    <message>
        <source>the catalog file {path} is damaged or not a catalog: {detail}. Run 'gpupicker catalog recover' to move it aside (the file is kept), start from the bundled catalog and see which backups can be restored.</source>
        <translation>价格库文件 {path} 已损坏或不是价格库：{detail}。运行 'gpupicker catalog recover' 可将其移到一旁（文件会保留），从内置价格库重新开始，并查看哪些备份可以恢复。</translation>
    </message>
    <message>
        <source>the catalog {path} is read-only (the file or its folder cannot be written), so gpupicker cannot {action}. Make it writable, or use another catalog with --catalog PATH or $GPUPICKER_CATALOG.</source>
        <translation>价格库 {path} 是只读的（文件或其所在文件夹不可写），因此 gpupicker 无法{action}。请将其设为可写，或用 --catalog PATH 或 $GPUPICKER_CATALOG 指定另一个价格库。</translation>
    </message>
    <message>
        <source>cannot {what} {path}: {detail}. Use a writable place with --catalog PATH, $GPUPICKER_CATALOG or $GPUPICKER_HOME.</source>
        <translation>无法{what} {path}：{detail}。请用 --catalog PATH、$GPUPICKER_CATALOG 或 $GPUPICKER_HOME 指定一个可写的位置。</translation>
    </message>
    <message>
        <source>write a backup</source>
        <translation>写入备份</translation>
    </message>
    <message>
        <source>write a backup to</source>
        <translation>写入备份到</translation>
    </message>
    <message>
        <source>not a gpupicker catalog backup</source>
        <translation>不是 gpupicker 价格库备份</translation>
    </message>
    <message>
        <source>no backup '{name}': give a file path or a name listed by 'gpupicker catalog backups'</source>
        <translation>没有名为 '{name}' 的备份：请给出文件路径，或 'gpupicker catalog backups' 列出的名称</translation>
    </message>
    <message>
        <source>no GPU with id '{key}'</source>
        <translation>没有 id 为 '{key}' 的 GPU</translation>
    </message>
    <message>
        <source>no model with id '{key}'</source>
        <translation>没有 id 为 '{key}' 的模型</translation>
    </message>
    <message>
        <source>no owned GPU row {key}</source>
        <translation>没有 id 为 {key} 的自有 GPU 记录</translation>
    </message>
    <message>
        <source>no calibration run {key}</source>
        <translation>没有 id 为 {key} 的校准记录</translation>
    </message>
    <message>
        <source>1 USD = {rate} {currency} looks upside down (did you mean 1 USD = {inverse} {currency}?); enter units of {currency} per US dollar, or confirm it</source>
        <translation>1 USD = {rate} {currency} 看起来是反的（是否应为 1 USD = {inverse} {currency}？）；请输入每美元兑换多少 {currency}，或确认这个汇率</translation>
    </message>
    <message>
        <source>unknown GPU {gpu_id}: add it to the GPUs first</source>
        <translation>未知 GPU {gpu_id}：请先把它添加到 GPU 表</translation>
    </message>
    <message>
        <source>unknown column(s) for {table}: {columns}</source>
        <translation>{table} 没有这些列：{columns}</translation>
    </message>
    <message>
        <source>{columns} cannot be changed (add a new row instead)</source>
        <translation>{columns} 不能修改（请改为新增一行）</translation>
    </message>
    <message>
        <source>price row {row} was added by the user; it has no bundled value (delete it instead)</source>
        <translation>价格行 {row} 是用户添加的，没有内置值可恢复（请直接删除）</translation>
    </message>
    <message>
        <source>gpu {key} was added by the user; it has no bundled value (delete it instead)</source>
        <translation>GPU {key} 是用户添加的，没有内置值可恢复（请直接删除）</translation>
    </message>
    <message>
        <source>model {key} was added by the user; it has no bundled value (delete it instead)</source>
        <translation>模型 {key} 是用户添加的，没有内置值可恢复（请直接删除）</translation>
    </message>
    <message>
        <source>exchange rate must be a number, got {value}</source>
        <translation>汇率必须是数字，而不是 {value}</translation>
    </message>
    <message>
        <source>exchange rate must be a number from {low} to {high} units per US dollar, got {value}</source>
        <translation>汇率必须是每美元 {low} 到 {high} 个货币单位之间的数字，而不是 {value}</translation>
    </message>
    <message>
        <source>exchange rate must be a positive number, got {value}</source>
        <translation>汇率必须是正数，而不是 {value}</translation>
    </message>
    <message>
        <source>currency {code} is not a 3-letter code</source>
        <translation>货币 {code} 不是 3 个字母的代码</translation>
    </message>
    <message>
        <source>USD is the base currency; its rate is always 1</source>
        <translation>美元（USD）是基准货币，汇率始终为 1</translation>
    </message>
    <message>
        <source>no exchange rate for {currency}: set one with set_fx_rate first</source>
        <translation>没有 {currency} 的汇率：请先为它设置汇率</translation>
    </message>
    <message>
        <source>not JSON text</source>
        <translation>不是 JSON 文本</translation>
    </message>
    <message>
        <source>a {type}, not a table of rates</source>
        <translation>是 {type}，而不是汇率表</translation>
    </message>
    <message>
        <source>{code}: {reason}</source>
        <translation>{code}：{reason}</translation>
    </message>
    <message>
        <source>{value} is not a 3-letter currency code</source>
        <translation>{value} 不是 3 个字母的货币代码</translation>
    </message>
    <message>
        <source>{value} is not a currency code</source>
        <translation>{value} 不是货币代码</translation>
    </message>
    <message>
        <source>not true or false</source>
        <translation>不是 true 或 false</translation>
    </message>
    <message>
        <source>bundled {file} line {line}: {reason}</source>
        <translation>内置数据 {file} 第 {line} 行：{reason}</translation>
    </message>
    <message>
        <source>a cell is longer than {limit} KiB: not a tracker CSV row</source>
        <translation>有单元格超过 {limit} KiB：不是价格追踪文件的 CSV 行</translation>
    </message>
    <message>
        <source>{file} is not a readable CSV file from line {line} (a cell over 128 KiB, or broken quoting)</source>
        <translation>{file} 从第 {line} 行起不是可读的 CSV 文件（有单元格超过 128 KiB，或引号不完整）</translation>
    </message>
    <message>
        <source>{file}: not a SkyPilot vms.csv (InstanceType, AcceleratorName, AcceleratorCount, Price …) or gpuhunt CSV (instance_name, gpu_name, gpu_count, price …)</source>
        <translation>{file}：既不是 SkyPilot vms.csv（InstanceType、AcceleratorName、AcceleratorCount、Price …），也不是 gpuhunt CSV（instance_name、gpu_name、gpu_count、price …）</translation>
    </message>
    <message>
        <source>which provider is {file}? give --provider (the folder name {key} is not one gpupicker knows)</source>
        <translation>{file} 属于哪个服务商？请用 --provider 指定（gpupicker 不认识文件夹名 {key}）</translation>
    </message>
    <message>
        <source>which provider is {file}? give --provider (the file name {key} is not one gpupicker knows)</source>
        <translation>{file} 属于哪个服务商？请用 --provider 指定（gpupicker 不认识文件名 {key}）</translation>
    </message>
    <message>
        <source>{instance}: no GPU</source>
        <translation>{instance}：没有 GPU</translation>
    </message>
    <message>
        <source>{instance}: no price</source>
        <translation>{instance}：没有价格</translation>
    </message>
    <message>
        <source>unknown accelerator {name} ({instance}): no catalog GPU id for it; add the GPU or leave the row out</source>
        <translation>未知加速卡 {name}（{instance}）：价格库中没有对应的 GPU ID；请先添加该 GPU，或不导入这一行</translation>
    </message>
    <message>
        <source>{instance}: GPU count {count} is not a whole number ≥ 1 (fractional GPUs are not modelled)</source>
        <translation>{instance}：GPU 数量 {count} 不是 ≥ 1 的整数（不支持不足一张卡的分卡实例）</translation>
    </message>
    <message>
        <source>no GPU price rows in the file</source>
        <translation>文件中没有 GPU 价格行</translation>
    </message>
    <message>
        <source>snapshot time {text} is not an ISO 8601 date or time (2026-11-30 or 2026-11-30T14:00:00Z)</source>
        <translation>快照时间 {text} 不是 ISO 8601 日期或时间（如 2026-11-30 或 2026-11-30T14:00:00Z）</translation>
    </message>
    <message>
        <source>{file} is {size} MiB: a ledger JSON is read whole, at most {limit} MiB</source>
        <translation>{file} 有 {size} MiB：价格账本 JSON 需整个读入，最大 {limit} MiB</translation>
    </message>
    <message>
        <source>{file}: {reason}</source>
        <translation>{file}：{reason}</translation>
    </message>
    <message>
        <source>{file} is not readable JSON ({error})</source>
        <translation>{file} 不是可读的 JSON（{error}）</translation>
    </message>
    <message>
        <source>unknown GPU {name} ({where}): no catalog GPU id for it; add the GPU or leave the row out (--skip-unknown)</source>
        <translation>未知 GPU {name}（{where}）：价格库中没有对应的 GPU ID；请先添加该 GPU，或不导入这一行（--skip-unknown）</translation>
    </message>
    <message>
        <source>offer {offer}</source>
        <translation>报价 {offer}</translation>
    </message>
    <message>
        <source>{file}: no &quot;instance_types&quot; list (Shadeform /instances/types JSON)</source>
        <translation>{file}：没有 &quot;instance_types&quot; 列表（Shadeform /instances/types JSON）</translation>
    </message>
    <message>
        <source>an instance type is not a JSON object</source>
        <translation>有实例类型不是 JSON 对象</translation>
    </message>
    <message>
        <source>unknown cloud {cloud} ({instance}): no catalog provider for it</source>
        <translation>未知云平台 {cloud}（{instance}）：价格库中没有对应的服务商</translation>
    </message>
    <message>
        <source>{instance}: num_gpus {value} is not a whole number ≥ 1</source>
        <translation>{instance}：num_gpus {value} 不是 ≥ 1 的整数</translation>
    </message>
    <message>
        <source>{instance}: no hourly_price</source>
        <translation>{instance}：没有 hourly_price</translation>
    </message>
    <message>
        <source>{file}: no &quot;offers&quot; list (Vast.ai offer bundles JSON)</source>
        <translation>{file}：没有 &quot;offers&quot; 列表（Vast.ai 报价包 JSON）</translation>
    </message>
    <message>
        <source>an offer is not a JSON object</source>
        <translation>有报价不是 JSON 对象</translation>
    </message>
    <message>
        <source>offer {offer}: num_gpus {value} (fractional GPUs are not modelled)</source>
        <translation>报价 {offer}：num_gpus 为 {value}（不支持不足一张卡的分卡实例）</translation>
    </message>
    <message>
        <source>offer {offer}: no dph_total</source>
        <translation>报价 {offer}：没有 dph_total</translation>
    </message>
    <message>
        <source>{file} line {line}: a cell is longer than {limit} KiB: not a ledger row</source>
        <translation>{file} 第 {line} 行：有单元格超过 {limit} KiB，不是价格账本的行</translation>
    </message>
    <message>
        <source>{file} is not a readable CSV file</source>
        <translation>{file} 不是可读的 CSV 文件</translation>
    </message>
    <message>
        <source>{instance}: gpu_count {value} is not a whole number ≥ 1</source>
        <translation>{instance}：gpu_count {value} 不是 ≥ 1 的整数</translation>
    </message>
    <message>
        <source>unknown provider {key} ({instance}): no catalog provider for it</source>
        <translation>未知服务商 {key}（{instance}）：价格库中没有对应的服务商</translation>
    </message>
    <message>
        <source>{instance}: no price_per_hour</source>
        <translation>{instance}：没有 price_per_hour</translation>
    </message>
    <message>
        <source>{instance}: an older snapshot ({older}) of an offer the file lists again at {newer}</source>
        <translation>{instance}：这是较早的快照（{older}），文件在 {newer} 又列出了同一报价</translation>
    </message>
    <message>
        <source>{file}: not a Shadeform /instances/types JSON, a Vast.ai offers JSON or a daily ledger CSV (timestamp, provider, gpu_type, gpu_count, price_per_hour …)</source>
        <translation>{file}：既不是 Shadeform /instances/types JSON、Vast.ai 报价 JSON，也不是每日价格账本 CSV（timestamp、provider、gpu_type、gpu_count、price_per_hour …）</translation>
    </message>
    <message>
        <source>price row {row} was changed elsewhere: {field} is now {current} (you saw {seen}); reload and try again</source>
        <translation>价格行 {row} 已在别处被修改：{field} 现在是 {current}（你看到的是 {seen}）；请重新加载后再试</translation>
    </message>
    <message>
        <source>{table} {row} was changed elsewhere: {field} is now {current} (you saw {seen}); reload and try again</source>
        <translation>{table} {row} 已在别处被修改：{field} 现在是 {current}（你看到的是 {seen}）；请重新加载后再试</translation>
    </message>
    <message>
        <source>GPU {gpu_id} still has {n} price row(s); delete them first, or delete the GPU together with its prices (cascade=True)</source>
        <translation>GPU {gpu_id} 还有 {n} 条价格记录；请先删除它们，或将该 GPU 连同其价格一起删除（cascade=True）</translation>
    </message>
</context>
<context>
    <name>CorruptCatalogDialog</name>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="46" />
        <source>Catalog damaged</source>
        <translation>价格库已损坏</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="47" />
        <source>The catalog file cannot be read:
%1</source>
        <translation>无法读取价格库文件：
%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="49" />
        <source>gpupicker can recreate it from the bundled defaults. The damaged file is kept next to it (renamed), never deleted. Your own rows can then be brought back from a backup: `gpupicker catalog backups` lists them, `gpupicker catalog restore NAME` restores one. (`gpupicker catalog recover` does the same from the command line.)</source>
        <translation>gpupicker 可以用内置的默认数据重新创建价格库。损坏的文件会被重命名并保留在原处，绝不删除。之后可以从备份中找回您自己的数据：`gpupicker catalog backups` 列出备份，`gpupicker catalog restore NAME` 恢复其中一个。（在命令行中运行 `gpupicker catalog recover` 效果相同。）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="55" />
        <source>&amp;Recreate from defaults</source>
        <translation>用默认数据重建(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="57" />
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
</context>
<context>
    <name>CsvImportDialog</name>
    <message>
        <source>Daily ledger CSV</source>
        <translation>每日账本 CSV</translation>
    </message>
    <message>
        <source>%1 ledger from %2: %3 price rows with stock and snapshot time; %4 rows left out (no GPU, no price, an older snapshot). GPU names are mapped to catalog GPU ids.</source>
        <translation>来自 %2 的 %1 账本：%3 行价格（含库存与快照时间）；%4 行未导入（无 GPU、无价格或较旧的快照）。GPU 名称已映射到价格库的 GPU id。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="45" />
        <source>Import CSV</source>
        <translation>导入 CSV</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="47" />
        <source>Prices</source>
        <translation>价格</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="47" />
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="48" />
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="60" />
        <source>&amp;Import all rows</source>
        <translation>导入全部行(&amp;I)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="67" />
        <source>CSV column</source>
        <translation>CSV 列</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="68" />
        <source>Catalog column</source>
        <translation>价格库列</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="74" />
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="75" />
        <source>&amp;Into table:</source>
        <translation>导入到表(&amp;I)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="106" />
        <source>Cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="132" />
        <source>(ignore)</source>
        <translation>（忽略）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="178" />
        <source>Map the required columns to continue.</source>
        <translation>请映射必填列后继续。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="180" />
        <source>No problems found: every row is valid.</source>
        <translation>未发现问题：所有行均有效。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="162" />
        <source>%1 rows. Columns used: %2.</source>
        <translation>%1 行。使用的列：%2。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="165" />
        <source>Ignored: %1.</source>
        <translation>忽略：%1。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="167" />
        <source>Missing required: %1.</source>
        <translation>缺少必填列：%1。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="169" />
        <source>Mapped twice: %1.</source>
        <translation>重复映射：%1。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="174" />
        <source>%1 bad rows (nothing will be imported until they are fixed):
</source>
        <translation>%1 行有错误（修正之前不会导入任何内容）：
</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="205" />
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="206" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="215" />
        <source>Nothing imported: %1</source>
        <translation>未导入任何内容：%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="221" />
        <source>Nothing imported: %1 bad rows:
</source>
        <translation>未导入任何内容：%1 行有错误：
</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="1" />
        <source>%1 file from %2: %3 price rows; %4 rows left out (no GPU or no price). Accelerator names are mapped to catalog GPU ids.</source>
        <translation>来自 %2 的 %1 文件：%3 行价格；%4 行未导入（无 GPU 或无价格）。加速器名称已对应到价格库中的 GPU id。</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="200" />
        <source>Skip the %1 rows that repeat an earlier row of the file exactly (otherwise each is added as another offer)</source>
        <translation>跳过与文件中前面某行完全相同的 %1 行（否则每行都会作为另一条报价加入）</translation>
    </message>
    </context>
<context>
    <name>EngineChoices</name>
    <message>
        <source>%1 — %2 %3</source>
        <translation>%1 — %2%3</translation>
    </message>
    <message>
        <source>Speed: costed with the %1 profile.</source>
        <translation>速度：借用 %1 的性能模型估算。</translation>
    </message>
    <message>
        <source>Speed: its own profile.</source>
        <translation>速度：按其自身的性能模型估算。</translation>
    </message>
    <message>
        <source>Memory: the weights plus a KV cache that grows with the sequences, as Hugging Face generate() keeps it.</source>
        <translation>显存：权重加上随序列增长的 KV 缓存，与 Hugging Face generate() 相同。</translation>
    </message>
    <message>
        <source>Memory: GGUF weights and llama.cpp's KV cache; layers can be offloaded to the CPU.</source>
        <translation>显存：GGUF 权重和 llama.cpp 的 KV 缓存；部分层可卸载到 CPU。</translation>
    </message>
    <message>
        <source>Memory: the weights plus a KV-cache pool the server reserves up front (gpu_memory_utilization), as vLLM does.</source>
        <translation>显存：权重加上服务启动时预先分配的 KV 缓存池（gpu_memory_utilization），与 vLLM 相同。</translation>
    </message>
</context>
<context>
    <name>ErrorDialog</name>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="92" />
        <source>gpupicker hit an unexpected error</source>
        <translation>gpupicker 遇到意外错误</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="94" />
        <source>Something went wrong: %1</source>
        <translation>出错了：%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="96" />
        <source>(no log file)</source>
        <translation>（无日志文件）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="97" />
        <source>The details were written to %1. Please attach them to a bug report.</source>
        <translation>详细信息已写入 %1。请在提交错误报告时附上。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="102" />
        <source>&amp;Copy details</source>
        <translation>复制详细信息(&amp;C)</translation>
    </message>
</context>
<context>
    <name>Files</name>
    <message>
        <source>Read from the %1 job: %2 keys set the workload, %3 not used</source>
        <translation>已从 %1 任务读取：%2 个键设置了任务配置，%3 个未使用</translation>
    </message>
    <message>
        <source> — not modelled: %1</source>
        <translation>——未建模：%1</translation>
    </message>
    <message>
        <source>Read:</source>
        <translation>已读取：</translation>
    </message>
    <message>
        <source>Not used:</source>
        <translation>未使用：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="43" />
        <source>%1 is not a file.</source>
        <translation>%1 不是文件。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="45" />
        <source>%1 is %2 MiB; workload files are small JSON files (at most 10 MiB).</source>
        <translation>%1 有 %2 MiB；任务配置文件是小型 JSON 文件（最多 10 MiB）。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="52" />
        <source>Not a UTF-8 text file.</source>
        <translation>不是 UTF-8 文本文件。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="54" />
        <source>The file is empty.</source>
        <translation>文件为空。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="66" />
        <source>The file names no model (model_id).</source>
        <translation>文件中没有指定模型（model_id）。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="69" />
        <source>Unknown model_id “%1”: it is not in the catalog.</source>
        <translation>未知的 model_id“%1”：价格库中没有该模型。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="142" />
        <source>see Currency</source>
        <translation>见“货币”列</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="144" />
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="144" />
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="144" />
        <source>GPU id</source>
        <translation>GPU 标识</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="145" />
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="145" />
        <source>Fits</source>
        <translation>显存够用</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="146" />
        <source>Peak memory per GPU (%1)</source>
        <translation>单卡峰值显存（%1）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="147" />
        <source>Capacity per GPU (%1)</source>
        <translation>单卡显存容量（%1）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="148" />
        <source>Headroom per GPU (%1)</source>
        <translation>单卡余量（%1）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="149" />
        <source>Throughput (tokens/s)</source>
        <translation>吞吐量（tokens/s）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="149" />
        <source>Run time (h)</source>
        <translation>运行时间（小时）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="150" />
        <source>Time per image (s)</source>
        <translation>每张图像耗时（秒）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="151" />
        <source>Price per hour, all GPUs (%1)</source>
        <translation>每小时价格，全部 GPU（%1）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="152" />
        <source>Total cost (%1)</source>
        <translation>总成本（%1）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="153" />
        <source>Cost per month (%1)</source>
        <translation>每月成本（%1）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="154" />
        <source>Cost per 1M tokens (%1)</source>
        <translation>每百万 token 成本（%1）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="155" />
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="155" />
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="155" />
        <source>Price date</source>
        <translation>价格日期</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="156" />
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="156" />
        <source>Why</source>
        <translation>原因</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/workload_files.py" line="160" />
        <source>Speed range (±%)</source>
        <translation>速度误差范围（±%）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/workload_files.py" line="160" />
        <source>Speed evidence</source>
        <translation>速度依据</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source> × 10,000 tokens</source>
        <translation> 万 token</translation>
    </message>
    <message>
        <source> M tokens</source>
        <translation> M token</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/formatting.py" line="63" />
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/formatting.py" line="65" />
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/formatting.py" line="69" />
        <source>&lt; 1 min</source>
        <translation>不到 1 分钟</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/formatting.py" line="70" />
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/formatting.py" line="73" />
        <source>%1 years</source>
        <translation>%1 年</translation>
    </message>
</context>
<context>
    <name>FxRatesDialog</name>
    <message>
        <source>gpupicker's rounded default (not a quote): set today's rate</source>
        <translation>gpupicker 内置的取整默认值（非牌价），请填入当天汇率</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/fx_rates_dialog.py" line="38" />
        <source>Exchange rates</source>
        <translation>汇率</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/fx_rates_dialog.py" line="46" />
        <source>e.g. EUR</source>
        <translation>例如 EUR</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/fx_rates_dialog.py" line="48" />
        <source>&amp;Add currency</source>
        <translation>添加货币(&amp;A)</translation>
    </message>
    <message>
        <source>Units of each currency one US dollar buys, as banks quote them (1 USD = 7.10 CNY), with the date and source. Each price keeps its own currency; rankings compare in USD and every amount is shown in the currency chosen below.</source>
        <translation>汇率：1 美元可兑换多少该货币（如 1 美元 = 7.10 元），并注明日期和来源。每条价格保留自己的货币；排序统一按美元比较，所有金额按下面选择的货币显示。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/fx_rates_dialog.py" line="67" />
        <source>&amp;Show money in:</source>
        <translation>金额显示为(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/fx_rates_dialog.py" line="77" />
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/fx_rates_dialog.py" line="95" />
        <source>Enter a new 3-letter currency code.</source>
        <translation>请输入一个新的 3 字母货币代码。</translation>
    </message>
    <message>
        <source>date, e.g. 2026-12-01</source>
        <translation>日期，如 2026-12-01</translation>
    </message>
    <message>
        <source>source, e.g. bank quote</source>
        <translation>来源，如 银行牌价</translation>
    </message>
    <message>
        <source>Exchange rate</source>
        <translation>汇率</translation>
    </message>
    <message>
        <source>1 USD = %1 %2 looks upside down: did you mean 1 USD = %3 %2?

Keep %1 as entered?</source>
        <translation>1 美元 = %1 %2 看起来填反了：是否应为 1 美元 = %3 %2？

仍按输入的 %1 保存吗？</translation>
    </message>
    <message>
        <source>Enter units of %1 per US dollar.</source>
        <translation>请输入 1 美元可兑换的 %1 数量。</translation>
    </message>
    <message>
        <source>1 USD =</source>
        <translation>1 美元 =</translation>
    </message>
    </context>
<context>
    <name>Glossary</name>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="97" />
        <source>VRAM: the GPU's own memory. The model weights, the KV cache, activations and (for training) gradients and optimizer states must all fit in it at the same time.</source>
        <translation>显存（VRAM）：GPU 自带的内存。模型权重、KV 缓存、激活值以及（训练时的）梯度和优化器状态必须同时放进显存。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="100" />
        <source>KV cache: keys and values of every token seen so far, kept per layer so generation does not recompute them. Grows with batch × context length.</source>
        <translation>KV 缓存：逐层保存已处理 token 的键和值，生成时无需重复计算。随批大小 × 上下文长度增长。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="103" />
        <source>GQA (grouped-query attention): several query heads share one key/value head, which shrinks the KV cache by that factor.</source>
        <translation>GQA（分组查询注意力）：多个查询头共享一个键/值头，KV 缓存按该倍数缩小。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="105" />
        <source>LoRA rank r: size of the small trainable adapter matrices. Higher rank = more trainable parameters and slightly more memory; 8–64 is typical.</source>
        <translation>LoRA 秩 r：可训练的小适配器矩阵的大小。秩越高，可训练参数越多，显存略增；常用 8–64。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="108" />
        <source>QLoRA / NF4: the frozen base model is stored in 4-bit NormalFloat (about 0.52 bytes per weight) while LoRA adapters train in 16/32 bit. Roughly 4× less weight memory than bf16.</source>
        <translation>QLoRA / NF4：冻结的基座模型以 4 位 NormalFloat 存储（每个权重约 0.52 字节），LoRA 适配器以 16/32 位训练。权重显存约为 bf16 的四分之一。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="111" />
        <source>Gradient checkpointing: keep only a few activations and recompute the rest in the backward pass. Saves most activation memory for about 20–30% more compute.</source>
        <translation>梯度检查点：只保存少量激活值，其余在反向传播时重新计算。可省下大部分激活显存，代价是约 20–30% 的额外计算。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="114" />
        <source>ZeRO / FSDP: shard optimizer states (stage 1), gradients (stage 2) and parameters (stage 3 / FSDP) across the GPUs so each holds only a slice.</source>
        <translation>ZeRO / FSDP：把优化器状态（阶段 1）、梯度（阶段 2）和参数（阶段 3 / FSDP）切分到各 GPU 上，单卡只保存一部分。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="117" />
        <source>MFU (model FLOPs utilization): the share of the GPU's peak tensor FLOPS a training run really achieves; 30–50% is typical.</source>
        <translation>MFU（模型算力利用率）：训练实际达到的 GPU 峰值张量算力的比例；通常为 30–50%。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="119" />
        <source>Headroom: memory left free on each GPU after the estimated peak. Keep a few GiB for fragmentation and framework variance.</source>
        <translation>余量：估计峰值之后单卡剩余的显存。请为碎片和框架差异预留几 GiB。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="121" />
        <source>Batch: sequences processed together per step. Memory for activations and the KV cache grows linearly with it.</source>
        <translation>批大小：每步一起处理的序列数。激活值和 KV 缓存的显存随之线性增长。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="123" />
        <source>Sequence length: tokens per training example (or context length for inference).</source>
        <translation>序列长度：每个训练样本的 token 数（推理时为上下文长度）。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="125" />
        <source>Optimizer: AdamW keeps two fp32 states per trainable parameter (8 bytes); 8-bit AdamW keeps them in 2 bytes.</source>
        <translation>优化器：AdamW 为每个可训练参数保存两个 fp32 状态（8 字节）；8 位 AdamW 只需 2 字节。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="127" />
        <source>Inference engine: transformers generate(), vLLM (pre-allocates a KV pool, gpu_memory_utilization) or llama.cpp (GGUF, can offload layers to CPU).</source>
        <translation>推理引擎：transformers generate()、vLLM（预分配 KV 池，gpu_memory_utilization）或 llama.cpp（GGUF，可将部分层卸载到 CPU）。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="130" />
        <source>Spot / preemptible: much cheaper, but the provider can stop the machine; use checkpoints.</source>
        <translation>竞价实例：便宜得多，但服务商可能随时回收实例；请定期保存检查点。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="132" />
        <source>Weight format: bytes per parameter. fp32 4, bf16/fp16 2, fp8/int8 1, NF4/int4 about 0.5, GGUF Q4_K_M about 0.6.</source>
        <translation>权重格式：每个参数的字节数。fp32 为 4，bf16/fp16 为 2，fp8/int8 为 1，NF4/int4 约 0.5，GGUF Q4_K_M 约 0.6。</translation>
    </message>
</context>
<context>
    <name>Goals</name>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="58" />
        <source>Lowest total cost</source>
        <translation>总成本最低</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="59" />
        <source>Fastest finish within budget</source>
        <translation>预算内最快完成</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="60" />
        <source>Best cost per token</source>
        <translation>每 token 成本最优</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="61" />
        <source>Most memory headroom</source>
        <translation>显存余量最大</translation>
    </message>
</context>
<context>
    <name>Import</name>
    <message>
        <location filename="../../gpupicker/ui/csv_import_dialog.py" line="231" />
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
</context>
<context>
    <name>Labels</name>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="81" />
        <source>Cheapest</source>
        <translation>最便宜</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="82" />
        <source>Fastest</source>
        <translation>最快</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="83" />
        <location filename="../../gpupicker/ui/texts.py" line="84" />
        <location filename="../../gpupicker/ui/texts.py" line="85" />
        <source>Best value</source>
        <translation>性价比最高</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="86" />
        <location filename="../../gpupicker/ui/texts.py" line="87" />
        <location filename="../../gpupicker/ui/texts.py" line="88" />
        <source>Most headroom</source>
        <translation>余量最大</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="89" />
        <source>Your GPU</source>
        <translation>您的 GPU</translation>
    </message>
</context>
<context>
    <name>LiveSummary</name>
    <message>
        <source>Loading the catalog… keys typed now are applied when it is ready.</source>
        <translation>正在加载价格库……现在输入的按键会在加载完成后生效。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="102" />
        <source>Cannot estimate: %1</source>
        <translation>无法估算：%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="112" />
        <source>Live estimate: %1 of %2 options fit · best: %3 × %4 (%5 per GPU)</source>
        <translation>实时估算：%2 个方案中 %1 个显存够用 · 最佳：%3 × %4（单卡 %5）</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Keys given more than once (%1), the last value used: %2</source>
        <translation>有键重复出现（%1），采用最后一个值：%2</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="152" />
        <source>&amp;Quantization and training</source>
        <translation>量化与训练(&amp;Q)</translation>
    </message>
    <message>
        <source>unknown workload fields ignored: %1</source>
        <translation>已忽略未知的任务配置字段：%1</translation>
    </message>
    <message>
        <source>not modelled: %1</source>
        <translation>未建模：%1</translation>
    </message>
    <message>
        <source>Co&amp;mpare with…</source>
        <translation>对比(&amp;M)…</translation>
    </message>
    <message>
        <source>Workload and job files (*.json *.yml *.yaml *.sh *.txt);;All files (*)</source>
        <translation>任务配置与任务文件 (*.json *.yml *.yaml *.sh *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="76" />
        <source>gpupicker — which GPU for your AI job</source>
        <translation>gpupicker——为您的 AI 任务选择 GPU</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="89" />
        <source>Catalog: %1</source>
        <translation>价格库：%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="91" />
        <source>Catalog: read-only</source>
        <translation>价格库：只读</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="124" />
        <source>The catalog was changed by another program: tables and results reloaded.</source>
        <translation>价格库已被另一个程序修改：表格和结果已重新加载。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="129" />
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="130" />
        <source>Edit &amp;catalog…</source>
        <translation>编辑价格库(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="131" />
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="132" />
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="134" />
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="136" />
        <source>&amp;Open workload…</source>
        <translation>打开任务配置(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="138" />
        <source>&amp;Save workload…</source>
        <translation>保存任务配置(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="140" />
        <source>&amp;Export results…</source>
        <translation>导出结果(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="141" />
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="149" />
        <source>&amp;Go</source>
        <translation>转到(&amp;G)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="150" />
        <source>&amp;Results</source>
        <translation>结果(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="151" />
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="153" />
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="154" />
        <source>&amp;About gpupicker</source>
        <translation>关于 gpupicker(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="171" />
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="177" />
        <source>%1 of %2 GPU options fit · computed in %3 ms</source>
        <translation>%2 个 GPU 方案中 %1 个显存够用 · 计算耗时 %3 毫秒</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="206" />
        <source>Open workload</source>
        <translation>打开任务配置</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="213" />
        <source>Save workload</source>
        <translation>保存任务配置</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="213" />
        <source>Workload files (*.json)</source>
        <translation>任务配置文件 (*.json)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="220" />
        <source>Export results</source>
        <translation>导出结果</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="220" />
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="230" />
        <source>Cannot open workload</source>
        <translation>无法打开任务配置</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="234" />
        <source>%1 is not a usable workload file.</source>
        <translation>%1 不是可用的任务配置文件。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="239" />
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="247" />
        <source>Cannot save workload</source>
        <translation>无法保存任务配置</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="249" />
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="258" />
        <source>Cannot export results</source>
        <translation>无法导出结果</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="260" />
        <source>Exported %1 rows to %2</source>
        <translation>已导出 %1 行到 %2</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/main_window.py" line="151" />
        <source>&amp;Task</source>
        <translation>任务(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="151" />
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="152" />
        <source>&amp;Precision and batch</source>
        <translation>量化与批大小(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/main_window.py" line="153" />
        <source>&amp;Budget and time</source>
        <translation>预算与时间(&amp;B)</translation>
    </message>
    <message>
        <source>Export &amp;report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>PDF (*.pdf);;HTML (*.html);;Markdown (*.md)</source>
        <translation>PDF (*.pdf);;HTML (*.html);;Markdown (*.md)</translation>
    </message>
    <message>
        <source>Cannot export the report</source>
        <translation>无法导出报告</translation>
    </message>
    <message>
        <source>%1 was not written.</source>
        <translation>未写入 %1。</translation>
    </message>
    <message>
        <source>Report written: %1</source>
        <translation>报告已写入：%1</translation>
    </message>
    <message>
        <source>These keys are not gpupicker workload fields (a typo or another tool's setting); the estimate does not use them.</source>
        <translation>这些键不是 gpupicker 的任务配置字段（可能是拼写错误或其他工具的设置），估算不会使用它们。</translation>
    </message>
    <message>
        <source>Unknown workload fields ignored (%1): %2</source>
        <translation>已忽略未知的任务配置字段（%1）：%2</translation>
    </message>
</context>
<context>
    <name>ModelImportDialog</name>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="48" />
        <source>Import a model</source>
        <translation>导入模型</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="50" />
        <source>&amp;Folder…</source>
        <translation>文件夹(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="51" />
        <source>F&amp;ile…</source>
        <translation>文件(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="63" />
        <source>&amp;Save to catalog and use</source>
        <translation>保存到价格库并使用(&amp;S)</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="68" />
        <source>Read a model folder, .safetensors, .gguf or config.json (or drop it here):</source>
        <translation>读取模型文件夹、.safetensors、.gguf 或 config.json（也可拖放到这里）：</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="74" />
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="75" />
        <source>Catalog &amp;id:</source>
        <translation>价格库 ID(&amp;I)：</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="107" />
        <source>Hugging Face cache (%1): %2 models</source>
        <translation>Hugging Face 缓存（%1）：%2 个模型</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="109" />
        <source>No models in the Hugging Face cache (%1).</source>
        <translation>Hugging Face 缓存（%1）中没有模型。</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="113" />
        <source>Model folder</source>
        <translation>模型文件夹</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="120" />
        <source>Model file</source>
        <translation>模型文件</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="121" />
        <source>Model files (*.safetensors *.gguf *.json);;All files (*)</source>
        <translation>模型文件 (*.safetensors *.gguf *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="152" />
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="158" />
        <source>Cannot import %1: %2</source>
        <translation>无法导入 %1：%2</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="179" />
        <source>the tensor headers</source>
        <translation>张量头信息</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="180" />
        <source>the config.json fields</source>
        <translation>config.json 字段</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="181" />
        <source>Parameters: %1 (from %2)</source>
        <translation>参数量：%1（来自%2）</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="184" />
        <source>Weights: %1 bytes (%2)</source>
        <translation>权重：%1 字节（%2）</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="192" />
        <source>no weights read</source>
        <translation>未读取权重</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="193" />
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/model_import_dialog.py" line="213" />
        <source>Cannot save: %1</source>
        <translation>无法保存：%1</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>ModelListModel</name>
    <message>
        <location filename="../../gpupicker/ui/model_list_model.py" line="54" />
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/model_list_model.py" line="54" />
        <source>Family</source>
        <translation>系列</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/model_list_model.py" line="54" />
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/model_list_model.py" line="55" />
        <source>Context (tokens)</source>
        <translation>上下文（token）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/model_list_model.py" line="73" />
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
</context>
<context>
    <name>ModelPage</name>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="242" />
        <source>Which model?</source>
        <translation>哪个模型？</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="243" />
        <source>Search the catalog, or enter a custom parameter count or config.json fields.</source>
        <translation>在价格库中搜索，或输入自定义参数量或 config.json 字段。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="252" />
        <source>&amp;Catalog model</source>
        <translation>价格库中的模型(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="253" />
        <source>C&amp;ustom model</source>
        <translation>自定义模型(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="255" />
        <source>Search by name or family, e.g. mistral, qwen, 70b</source>
        <translation>按名称或系列搜索，例如 mistral、qwen、千问、深度求索、70b</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="270" />
        <location filename="../../gpupicker/ui/wizard_pages.py" line="362" />
        <source>Custom model</source>
        <translation>自定义模型</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="274" />
        <source> B</source>
        <translation> B</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="275" />
        <source>from the fields below</source>
        <translation>由下方字段计算</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="276" />
        <source>Exact parameter count in billions (optional: computed from the architecture fields when 0).</source>
        <translation>精确参数量（单位 B，即十亿；可选：为 0 时由架构字段计算）。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="280" />
        <source>&amp;Parameters:</source>
        <translation>参数量(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="283" />
        <source>Layers:</source>
        <translation>层数：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="284" />
        <source>Hidden size:</source>
        <translation>隐藏层维度（hidden_size）：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="285" />
        <source>Attention heads:</source>
        <translation>注意力头数：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="286" />
        <source>KV heads (GQA):</source>
        <translation>KV 头数（GQA）：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="287" />
        <source>MLP size:</source>
        <translation>FFN 中间层维度（intermediate_size）：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="288" />
        <source>Vocabulary:</source>
        <translation>词表大小：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="301" />
        <source>Load config.&amp;json…</source>
        <translation>加载 config.json(&amp;J)…</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="302" />
        <source>Use &amp;these values</source>
        <translation>使用这些值(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="377" />
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="386" />
        <source>Open config.json</source>
        <translation>打开 config.json</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="387" />
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="418" />
        <source>Selected: %1 (%2 B parameters)</source>
        <translation>已选择：%1（%2B 参数，约 %3）</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/wizard_pages.py" line="311" />
        <source>&amp;Import model files…</source>
        <translation>导入模型文件(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../work/wt-15/gpupicker/ui/wizard_pages.py" line="312" />
        <source>Read a model folder, .safetensors, .gguf, config.json or the Hugging Face cache (or drop a file or folder on this page)</source>
        <translation>读取模型文件夹、.safetensors、.gguf、config.json 或 Hugging Face 缓存（也可把文件或文件夹拖放到本页）</translation>
    </message>
    <message>
        <source>No model matches “%1”. Try fewer words or a family (qwen, llama, sdxl), or describe it under Custom model.</source>
        <translation>没有与“%1”匹配的模型。请少输几个词，或输入模型系列（qwen、llama、sdxl），也可以在“自定义模型”中填写。</translation>
    </message>
</context>
<context>
    <name>Numbers</name>
    <message>
        <location filename="../../gpupicker/ui/catalog_models.py" line="231" />
        <location filename="../../gpupicker/ui/number_input.py" line="37" />
        <source>Enter a number.</source>
        <translation>请输入数字。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/number_input.py" line="45" />
        <source>“%1” is ambiguous: write it without the thousands separator, or with the decimal point (%2).</source>
        <translation>“%1”有歧义：请去掉千位分隔符，或使用小数点（%2）。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/number_input.py" line="55" />
        <source>“%1” is not a number.</source>
        <translation>“%1”不是数字。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/number_input.py" line="58" />
        <source>“%1” is not a finite number.</source>
        <translation>“%1”不是有限的数字。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/number_input.py" line="69" />
        <source>Enter a whole number (got %1).</source>
        <translation>请输入整数（输入的是 %1）。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/number_input.py" line="74" />
        <source>Enter a number of 0 or more.</source>
        <translation>请输入 0 或更大的数字。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/number_input.py" line="75" />
        <source>Enter at least %1 (got %2).</source>
        <translation>请输入至少 %1（输入的是 %2）。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/number_input.py" line="78" />
        <source>Enter at most %1 (got %2).</source>
        <translation>请输入至多 %1（输入的是 %2）。</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
</context>
<context>
    <name>OptionsTableModel</name>
    <message>
        <source>RAM of the machine: %1 — %2 short</source>
        <translation>本机内存：%1 —— 还差 %2</translation>
    </message>
    <message>
        <source>RAM of the machine: %1 — enough</source>
        <translation>本机内存：%1 —— 够用</translation>
    </message>
    <message>
        <source>Experts of %1 of %2 MoE layers in RAM (llama.cpp --n-cpu-moe %3)</source>
        <translation>%2 个 MoE 层中 %1 层的专家在内存中（llama.cpp --n-cpu-moe %3）</translation>
    </message>
    <message>
        <source>In host RAM: %1 (experts %2, other weights %3, KV cache %4, buffers and system %5)</source>
        <translation>内存中：%1（专家 %2，其他权重 %3，KV 缓存 %4，缓冲区与系统 %5）</translation>
    </message>
    <message>
        <source>On the GPU: %1 (weights %2, KV cache %3, compute buffer %4)</source>
        <translation>GPU 上：%1（权重 %2，KV 缓存 %3，计算缓冲区 %4）</translation>
    </message>
    <message>
        <source> + %1 RAM</source>
        <translation> + %1 内存</translation>
    </message>
    <message>
        <source>NPU runtime context</source>
        <translation>NPU 运行时上下文</translation>
    </message>
    <message>
        <source>(%1 replicas × %2)</source>
        <translation>（%1 个副本 × %2）</translation>
    </message>
    <message>
        <source>(tensor parallel)</source>
        <translation>（张量并行）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="79" />
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="79" />
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="79" />
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="80" />
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="80" />
        <source>Fits</source>
        <translation>显存够用</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="81" />
        <source>VRAM used / per GPU</source>
        <translation>单卡显存 占用/容量</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="81" />
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="82" />
        <source>Run time</source>
        <translation>运行时间</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="82" />
        <source>Tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="112" />
        <source>Total cost</source>
        <translation>总成本</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="83" />
        <source>Price/hour</source>
        <translation>价格/小时</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="84" />
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="84" />
        <source>Price date</source>
        <translation>价格日期</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="85" />
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="90" />
        <source>Expected peak memory per GPU (as nvidia-smi shows it) / the GPU's capacity, in %1.</source>
        <translation>单卡预计峰值显存（与 nvidia-smi 显示一致）/ GPU 容量，单位 %1。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="94" />
        <source>Memory left free per GPU at the peak, in %1.</source>
        <translation>峰值时单卡剩余的显存，单位 %1。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="99" />
        <source>Price per hour of all the option's GPUs together (not per GPU).</source>
        <translation>该方案所有 GPU 合计的每小时价格（不是单卡）。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="102" />
        <source>Cost of the whole run (price per hour × run time).</source>
        <translation>整个运行的成本（每小时价格 × 运行时间）。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="103" />
        <source>Cost per month of running all the time (price per hour × hours per month; set in Preferences).</source>
        <translation>全天候运行的每月成本（每小时价格 × 每月小时数；可在首选项中设置）。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="105" />
        <source>Cost per million generated tokens at this option's throughput (no run length or request rate given).</source>
        <translation>按该方案的吞吐量，每生成一百万 token 的成本（未给出运行时长或请求速率）。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="112" />
        <source>Cost / month</source>
        <translation>成本 / 月</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="113" />
        <source>Cost / 1M tokens</source>
        <translation>成本 / 百万 token</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="120" />
        <source>%1 tok/s</source>
        <translation>%1 tokens/s</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="126" />
        <source>%1 s/image</source>
        <translation>%1 秒/张</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="134" />
        <source>Fits with %1 free per GPU</source>
        <translation>显存够用，单卡剩余 %1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="138" />
        <source>Needs %1 per GPU, has %2 (largest: %3)</source>
        <translation>单卡需要 %1，只有 %2（最大项：%3）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="156" />
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="156" />
        <source>No</source>
        <translation>否</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="164" />
        <source>no price in catalog</source>
        <translation>价格库中无价格</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="186" />
        <source>%1 / month</source>
        <translation>%1 / 月</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="190" />
        <source>%1 / 1M tok</source>
        <translation>%1 / 百万 token</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/options_model.py" line="1" />
        <source>Your own hardware</source>
        <translation>您自己的硬件</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/options_model.py" line="250" />
        <source>Speed expected within ±%1 % (evidence: %2)</source>
        <translation>速度预计误差在 ±%1% 以内（依据：%2）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/options_model.py" line="254" />
        <source>%1 replica(s) × %2 GPU(s), %3 of at most %4 sequences per replica</source>
        <translation>%1 个副本 × %2 张卡，每个副本并发 %3 个序列（最多 %4 个）</translation>
    </message>
        <message>
        <source>%1 layers and the output layer</source>
        <translation>%1 层及输出层</translation>
    </message>
    <message>
        <source>%1 layers</source>
        <translation>%1 层</translation>
    </message>
    <message>
        <source>CUDA%1 %2: %3; weights %4, KV cache %5, compute buffer %6, CUDA context %7 = %8 of %9</source>
        <translation>CUDA%1 %2：%3；权重 %4，KV 缓存 %5，计算缓冲区 %6，CUDA 上下文 %7 = %8 / %9</translation>
    </message>
    <message>
        <source>A card to buy</source>
        <translation>需购买的卡</translation>
    </message>
</context>
<context>
    <name>Plots</name>
    <message>
        <source>No option to draw</source>
        <translation>没有可绘制的方案</translation>
    </message>
    <message>
        <source>No option within the budget, $/h cap and deadline to plot</source>
        <translation>没有符合预算、每小时上限和截止时间的方案可绘制</translation>
    </message>
    <message>
        <source>No option that fits and has a price to plot</source>
        <translation>没有显存够用且有价格的方案可绘制</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/plots.py" line="81" />
        <location filename="../../gpupicker/ui/plots.py" line="141" />
        <source>Capacity per GPU</source>
        <translation>单卡显存容量</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/plots.py" line="93" />
        <source>VRAM fit: expected peak per GPU vs capacity</source>
        <translation>显存适配：单卡预计峰值与容量</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/plots.py" line="95" />
        <source>Memory per GPU (%1)</source>
        <translation>单卡显存（%1）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/plots.py" line="96" />
        <source>Option (GPU × count)</source>
        <translation>方案（GPU × 数量）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/plots.py" line="213" />
        <source>Cost vs time (Pareto front in red)</source>
        <translation>成本与时间（红色为帕累托前沿）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/plots.py" line="215" />
        <source>Run time (hours)</source>
        <translation>运行时间（小时）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/plots.py" line="216" />
        <source>Total cost (%1)</source>
        <translation>总成本（%1）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/plots.py" line="222" />
        <source>Price (%1 per hour)</source>
        <translation>价格（%1/小时）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/plots.py" line="219" />
        <source>Price vs speed (Pareto front in red)</source>
        <translation>价格与速度（红色为帕累托前沿）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/plots.py" line="221" />
        <source>Speed (tokens/s, all GPUs)</source>
        <translation>速度（tokens/s，全部 GPU）</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Restart gpupicker to see the new language.</source>
        <translation>重启 gpupicker 后新语言才会生效。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="168" />
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="171" />
        <source>GiB (2^30 bytes, as PyTorch / nvidia-smi)</source>
        <translation>GiB（2^30 字节，与 PyTorch / nvidia-smi 一致）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="172" />
        <source>GB (10^9 bytes, as datasheets)</source>
        <translation>GB（10^9 字节，与规格书一致）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="175" />
        <source>730 hours (365 days / 12)</source>
        <translation>730 小时（365 天 / 12）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="176" />
        <source>720 hours (30 days)</source>
        <translation>720 小时（30 天）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="181" />
        <source> months</source>
        <translation> 个月</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="183" />
        <source>System language</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="187" />
        <source>Takes effect the next time gpupicker starts.</source>
        <translation>下次启动 gpupicker 时生效。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="189" />
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="190" />
        <source>&amp;Memory unit:</source>
        <translation>显存单位(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="191" />
        <source>&amp;Hours per month:</source>
        <translation>每月小时数(&amp;H)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="192" />
        <source>Mark prices &amp;older than:</source>
        <translation>价格过期提醒阈值(&amp;O)：</translation>
    </message>
</context>
<context>
    <name>PriceHistoryDialog</name>
    <message>
        <source>%1 % over %2 days; low %3, high %4 (%5 observations)</source>
        <translation>%2 天内变化 %1%；最低 %3，最高 %4（%5 次采集）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/price_history_dialog.py" line="28" />
        <source>Price history</source>
        <translation>价格历史</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/price_history_dialog.py" line="33" />
        <source>Changed (UTC)</source>
        <translation>修改时间（UTC）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/price_history_dialog.py" line="33" />
        <source>Price / GPU-hour</source>
        <translation>每卡时价格</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/price_history_dialog.py" line="34" />
        <source>Observed</source>
        <translation>采集日期</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/price_history_dialog.py" line="44" />
        <source>Edit number</source>
        <translation>修订号</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/price_history_dialog.py" line="46" />
        <source>Price per GPU-hour (%1)</source>
        <translation>每卡时价格（%1）</translation>
    </message>
</context>
<context>
    <name>Pricing</name>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="68" />
        <source>On-demand</source>
        <translation>按量付费</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="69" />
        <source>Spot / preemptible</source>
        <translation>竞价实例（可能被回收）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="70" />
        <source>Reserved (1 year)</source>
        <translation>1 年预留实例（海外云 Reserved）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="71" />
        <source>Reserved</source>
        <translation>预留实例（Reserved）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="72" />
        <source>Capacity block</source>
        <translation>容量预留（Capacity Block）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="73" />
        <source>Marketplace</source>
        <translation>算力市场（第三方卡源）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="74" />
        <source>Owned hardware</source>
        <translation>自有硬件</translation>
    </message>
    <message>
        <source>Monthly subscription</source>
        <translation>包月（按整月计费）</translation>
    </message>
    <message>
        <source>Yearly subscription</source>
        <translation>包年（国内云，按整年计费）</translation>
    </message>
</context>
<context>
    <name>QuantizationPage</name>
    <message>
        <source>%1: the most requests the server runs at once; more wait in its queue. It caps the throughput per replica.</source>
        <translation>%1：服务器同时运行的最多请求数；其余请求排队等待。它限制了每个副本的吞吐量。</translation>
    </message>
    <message>
        <source>Max &amp;running sequences (%1):</source>
        <translation>最大并发序列数 %1 (&amp;R)：</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1：%2。</translation>
    </message>
    <message>
        <source>GPU &amp;memory fraction (%1):</source>
        <translation>显存比例 %1 (&amp;M)：</translation>
    </message>
    <message>
        <source>no %1 setting</source>
        <translation>%1 无此设置</translation>
    </message>
    <message>
        <source>%1: the longest context (prompt + output tokens) the server accepts. The KV cache holds at least one sequence this long; the server refuses to start if it does not fit. Default: prompt + output tokens.</source>
        <translation>%1：服务器接受的最长上下文（提示 + 输出 token）。KV 缓存至少能容纳一条这么长的序列；显存不足时服务器拒绝启动。默认：提示 + 输出 token 数。</translation>
    </message>
    <message>
        <source>Max model &amp;length (%1):</source>
        <translation>最大上下文长度 %1 (&amp;L)：</translation>
    </message>
    <message>
        <source>W8A8 (INT8 weights and activations)</source>
        <translation>W8A8（INT8 权重和激活）</translation>
    </message>
    <message>
        <source>W4A8 (INT4 weights, INT8 activations)</source>
        <translation>W4A8（INT4 权重，INT8 激活）</translation>
    </message>
    <message>
        <source>W8A8: weights and activations in INT8 (8-bit integers), multiplied on the INT8 units; about half the memory of BF16 weights. The Ascend ModelSlim format vLLM-Ascend and MindIE load on Ascend 910B / 910C, whose engines load no AWQ, GPTQ or FP8.</source>
        <translation>W8A8：权重和激活均为 INT8（8 位整数），矩阵乘法在 INT8 计算单元上进行；权重显存约为 BF16 的一半。这是昇腾 ModelSlim 格式，vLLM-Ascend 和 MindIE 在昇腾 910B / 910C 上加载它；昇腾上的推理引擎不加载 AWQ、GPTQ 或 FP8。</translation>
    </message>
    <message>
        <source>W4A8: weights in INT4 (4-bit integers), activations in INT8; about a quarter of the memory of BF16 weights. The Ascend ModelSlim 4-bit format vLLM-Ascend loads on Ascend 910B / 910C.</source>
        <translation>W4A8：权重为 INT4（4 位整数），激活为 INT8；权重显存约为 BF16 的四分之一。这是昇腾 ModelSlim 的 4 位格式，vLLM-Ascend 在昇腾 910B / 910C 上加载它。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="442" />
        <source>Precision and batch</source>
        <translation>量化与批大小</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="443" />
        <source>How the weights are stored and how much data goes through the GPU at once.</source>
        <translation>选择权重精度（量化）和每批处理的数据量。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="452" />
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="456" />
        <source>Gradient &amp;checkpointing</source>
        <translation>梯度检查点(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="464" />
        <source>ZeRO-1 (optimizer states)</source>
        <translation>ZeRO-1（优化器状态）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="465" />
        <source>ZeRO-2 (+ gradients)</source>
        <translation>ZeRO-2（+ 梯度）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="466" />
        <source>ZeRO-3 (+ parameters)</source>
        <translation>ZeRO-3（+ 参数）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="467" />
        <source>FSDP full shard</source>
        <translation>FSDP 完全分片</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="478" />
        <source>LoRA &amp;rank:</source>
        <translation>LoRA 秩(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="482" />
        <source>&amp;Optimizer:</source>
        <translation>优化器(&amp;O)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="483" />
        <source>Multi-GPU &amp;sharding:</source>
        <translation>多卡显存切分（ZeRO/FSDP）(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="484" />
        <source>Ba&amp;tch size (per GPU):</source>
        <translation>单卡微批大小（micro batch）(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="485" />
        <source>Se&amp;quence length (tokens):</source>
        <translation>序列长度（token）(&amp;Q)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="488" />
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="503" />
        <source>&amp;Prompt tokens:</source>
        <translation>输入（prompt）token 数(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="504" />
        <source>O&amp;utput tokens:</source>
        <translation>输出 token 数(&amp;U)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="505" />
        <source>Concurrent se&amp;quences (batch):</source>
        <translation>并发序列数（批大小）(&amp;Q)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="507" />
        <source>&amp;Engine:</source>
        <translation>引擎(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="510" />
        <source>Image generation</source>
        <translation>图像生成</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="514" />
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="520" />
        <source>&amp;Resolution:</source>
        <translation>分辨率(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="521" />
        <source>S&amp;teps:</source>
        <translation>步数(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="522" />
        <source>I&amp;mages:</source>
        <translation>图像数(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="528" />
        <source>&amp;Weights format:</source>
        <translation>权重格式(&amp;W)：</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="467" />
        <source>The training stack: it decides the logits/loss memory, checkpoint offload, master weights and speed</source>
        <translation>训练框架：决定 logits/损失的显存、检查点卸载、主权重和速度</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="470" />
        <source>Framework default</source>
        <translation>框架默认</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="471" />
        <source>Mixed precision (fp32 master weights, 16 B/param)</source>
        <translation>混合精度（fp32 主权重，每参数 16 字节）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="472" />
        <source>Pure 16-bit (8 B/param with AdamW)</source>
        <translation>纯 16 位（使用 AdamW 时每参数 8 字节）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="473" />
        <source>Full fine-tuning and pre-training: mixed precision keeps fp32 master weights and Adam states</source>
        <translation>全参数微调和预训练：混合精度保留 fp32 主权重和 Adam 状态</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="479" />
        <source>Automatic (FSDP full shard on several GPUs for full fine-tuning and pre-training)</source>
        <translation>自动（全参数微调和预训练在多卡上使用 FSDP 完全分片）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="500" />
        <source>Training fra&amp;mework:</source>
        <translation>训练框架(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="501" />
        <source>Pr&amp;ecision:</source>
        <translation>精度(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="599" />
        <source>frozen base, fp32 adapters</source>
        <translation>基座冻结，fp32 适配器</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="601" />
        <source>mixed precision (fp32 master weights)</source>
        <translation>混合精度（fp32 主权重）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="603" />
        <source>pure %1</source>
        <translation>纯 %1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="608" />
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="610" />
        <source>FSDP full shard on 2+ GPUs, none on one</source>
        <translation>两卡及以上使用 FSDP 完全分片，单卡不分片</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="612" />
        <source>plain data parallel</source>
        <translation>普通数据并行</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="613" />
        <source>The ranking uses: %1; %2; %3.</source>
        <translation>排名所用设置：%1；%2；%3。</translation>
    </message>
    <message>
        <source>Server settings (%1)</source>
        <translation>推理服务参数（%1）</translation>
    </message>
    <message>
        <source>Request length (default)</source>
        <translation>请求长度（默认）</translation>
    </message>
    <message>
        <source>max_model_len: the longest context the server accepts. vLLM reserves KV-cache room for at least one sequence this long and refuses to start if it does not fit. Default: prompt + output tokens.</source>
        <translation>max_model_len：服务接受的最长上下文。vLLM 至少为一个这么长的序列预留 KV 缓存空间，显存不足就拒绝启动。默认：提示 + 输出 token 数。</translation>
    </message>
    <message>
        <source>gpu_memory_utilization (SGLang: mem_fraction_static): the share of each GPU's memory the server takes for weights and the KV cache pool; the rest stays free for other programs. Default 0.90.</source>
        <translation>gpu_memory_utilization（SGLang：mem_fraction_static）：服务占用单卡显存的比例，用于权重和 KV 缓存池；其余留给其他程序。默认 0.90。</translation>
    </message>
    <message>
        <source>%1 (default)</source>
        <translation>%1（默认）</translation>
    </message>
    <message>
        <source>max_num_seqs: the most requests the server runs at once; more wait in its queue. It caps the throughput per replica.</source>
        <translation>max_num_seqs：服务同时运行的最多请求数，多出的在队列中等待。它限制每个副本的吞吐量。</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>No target</source>
        <translation>无目标</translation>
    </message>
    <message>
        <source>Time to first token (TTFT): how long a user waits before the answer starts (queueing + prompt processing). With a target, each replica serves fewer requests at once so the target holds, and more replicas are sized.</source>
        <translation>首 token 延迟（TTFT）：用户等到回答开始输出的时间（排队 + 处理提示）。设定目标后，每个副本同时服务的请求更少以满足目标，并相应增加副本数。</translation>
    </message>
    <message>
        <source>Inter-token latency (ITL): the time between two generated tokens of one answer (0.05 s = 20 tokens/s per user). With a target, each replica serves fewer requests at once so the target holds.</source>
        <translation>token 间延迟（ITL）（ITL）：同一回答中相邻两个生成 token 之间的时间（0.05 秒 = 每用户 20 tokens/s）。设定目标后，每个副本同时服务的请求更少以满足目标。</translation>
    </message>
    <message>
        <source>Max model &amp;length (tokens):</source>
        <translation>最大上下文长度 max_model_len（token）(&amp;L)：</translation>
    </message>
    <message>
        <source>GPU &amp;memory utilization:</source>
        <translation>显存占用比例(&amp;M)：</translation>
    </message>
    <message>
        <source>Max &amp;running sequences:</source>
        <translation>最大并发序列数(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;TTFT target (p50):</source>
        <translation>首 token 延迟目标（p50）(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;ITL target:</source>
        <translation>token 间延迟（ITL）目标(&amp;I)：</translation>
    </message>
    <message>
        <source>Latency targets apply when a request rate is set on the budget page.</source>
        <translation>在预算页设置请求速率后，才可设定延迟目标。</translation>
    </message>
</context>
<context>
    <name>ResultsPage</name>
    <message>
        <source>%1.</source>
        <translation>%1。</translation>
    </message>
    <message>
        <source>%1 (untick “One row per GPU type” to show them).</source>
        <translation>%1（取消勾选“每种 GPU 一行”即可显示）。</translation>
    </message>
    <message>
        <source>tokens/s of the whole batch</source>
        <translation>tokens/s 为整批合计</translation>
    </message>
    <message>
        <source>tokens/s of all replicas together</source>
        <translation>tokens/s 为所有副本合计</translation>
    </message>
    <message>
        <source>%1 requests/min</source>
        <translation>每分钟 %1 个请求</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="66" />
        <source>&amp;Show only options that fit</source>
        <translation>只显示显存够用的方案(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="248" />
        <source>batch %1, %2 + %3 tokens</source>
        <translation>批大小 %1，%2 + %3 token</translation>
    </message>
    <message>
        <source>in %1 / out %2 tokens</source>
        <translation>输入 %1 / 输出 %2 token</translation>
    </message>
    <message>
        <source>batch %1, %2</source>
        <translation>批大小 %1，%2</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="53" />
        <source>Recommended GPUs</source>
        <translation>推荐的 GPU</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="54" />
        <source>Ranked for your job. Hover a row for the memory breakdown and assumptions; change any earlier page and this updates.</source>
        <translation>已按您的任务排序。悬停在某行上可查看显存明细和假设；修改前面任意页面，结果会随之更新。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="66" />
        <source>Show only options that &amp;fit</source>
        <translation>只显示显存够用的方案(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="68" />
        <source>Every price &amp;offer</source>
        <translation>显示全部报价（每家服务商）(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="70" />
        <source>Rank every provider's price for each GPU, not only the cheapest offer per pricing type (on-demand, spot …).</source>
        <translation>对每款 GPU 列出所有服务商的价格，而不只是每种计费方式（按量付费、竞价实例……）中最便宜的一个。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="94" />
        <source>What to change to fit your GPU</source>
        <translation>如何调整才能在您的 GPU 上跑起来</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="185" />
        <source>Cannot estimate this job: %1</source>
        <translation>无法估算此任务：%1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="210" />
        <source>This job needs at least %1 per GPU; the largest GPU in the catalog has %2. Check the model size and the settings: the memory chart is hidden because its scale would be meaningless.</source>
        <translation>此任务单卡至少需要 %1；价格库中最大的 GPU 只有 %2。请检查模型大小和设置：显存图已隐藏，因为其刻度将失去意义。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="215" />
        <source>The model has %1 billion parameters; the largest published models have a few thousand billion.</source>
        <translation>该模型约有 %1B（十亿）参数；目前公开的最大模型约为数万亿参数。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="224" />
        <source>Nothing fits: none of the %1 GPU options in the catalog can hold this job, even with up to 8 GPUs. The table lists them anyway, closest first. Try a lower precision, LoRA/QLoRA, a smaller batch or shorter sequences.</source>
        <translation>没有方案显存够用：价格库中的 %1 个 GPU 方案（最多 8 张卡）都装不下此任务。表格仍按接近程度列出它们。可尝试更低的精度、LoRA/QLoRA、更小的批大小或更短的序列。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="229" />
        <source>See “%1” below for changes that would help.</source>
        <translation>请参阅下方“%1”中有帮助的调整。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="238" />
        <source>No option fits, so every option is shown.</source>
        <translation>没有显存够用的方案，因此显示全部方案。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="245" />
        <source>batch %1 × %2 tokens</source>
        <translation>批大小 %1 × %2 token</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="259" />
        <source>What to change to fit %1 (double-click to apply)</source>
        <translation>如何调整才能在 %1 上跑起来（双击应用）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="262" />
        <source>Your preferred GPU (%1) does not fit this job and no single change makes it fit.</source>
        <translation>您的首选 GPU（%1）显存不足，且没有哪一项单独调整能让它显存够用。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="273" />
        <source>saves %1, new peak %2</source>
        <translation>节省 %1，新峰值 %2</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="276" />
        <source>(fits)</source>
        <translation>（够用）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/results_page.py" line="276" />
        <source>(still too big)</source>
        <translation>（仍然显存不足）</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/results_page.py" line="261" />
        <source>What to change to fit %1</source>
        <translation>如何调整才能在 %1 上跑起来</translation>
    </message>
    <message>
        <source>Fit and price</source>
        <translation>显存与价格</translation>
    </message>
    <message>
        <source>Curves</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>One row per GPU &amp;type</source>
        <translation>每种 GPU 一行(&amp;T)</translation>
    </message>
    <message>
        <source>Each GPU type once, at its best GPU count and offer for the goal. Untick to see the other counts and offers.</source>
        <translation>每种 GPU 只显示一次，取其在当前目标下最佳的 GPU 数量和报价。取消勾选可查看其他数量和报价。</translation>
    </message>
    <message>
        <source>%1 per month</source>
        <translation>每月 %1</translation>
    </message>
    <message>
        <source>%1 per hour</source>
        <translation>每小时 %1</translation>
    </message>
    <message>
        <source>the %1 budget rejected %2</source>
        <translation>%1 的预算排除了 %2 个</translation>
    </message>
    <message>
        <source>the %1 per hour cap rejected %2</source>
        <translation>每小时 %1 的上限排除了 %2 个</translation>
    </message>
    <message>
        <source>the %1 h deadline rejected %2</source>
        <translation>%1 小时的期限排除了 %2 个</translation>
    </message>
    <message>
        <source>Nothing is within your limits. The cheapest option that fits costs %1: %2 × %3 (%4). Of the %5 options that fit, %6.</source>
        <translation>没有方案在您的限制之内。显存够用的最便宜方案需要 %1：%2 × %3（%4）。在 %5 个显存够用的方案中，%6。</translation>
    </message>
    <message>
        <source>Export plot…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <source>VRAM fit…</source>
        <translation>显存占用图…</translation>
    </message>
    <message>
        <source>Cost vs time…</source>
        <translation>费用与时间图…</translation>
    </message>
    <message>
        <source>&amp;Launch config…</source>
        <translation>启动配置(&amp;L)…</translation>
    </message>
    <message>
        <source>The command line and SkyPilot / dstack task for the selected option (or the top one)</source>
        <translation>所选方案（或排名第一的方案）的命令行和 SkyPilot / dstack 任务</translation>
    </message>
    <message>
        <source>No option fits, so there is nothing to launch.</source>
        <translation>没有显存够用的方案，因此无可启动。</translation>
    </message>
    <message>
        <source>No launch config: %1</source>
        <translation>没有启动配置：%1</translation>
    </message>
    <message>
        <source>Activations are the largest part of the memory: turn on gradient checkpointing first.</source>
        <translation>激活值占显存的最大部分：请先开启梯度检查点。</translation>
    </message>
    <message>
        <source>One node of 8 GPUs is not enough: the job needs more GPUs across several nodes (multi-node FSDP / ZeRO-3).</source>
        <translation>单个 8 卡节点不够：该任务需要跨多个节点使用更多 GPU（多机 FSDP / ZeRO-3）。</translation>
    </message>
</context>
<context>
    <name>StartupErrorDialog</name>
    <message>
        <location filename="../../gpupicker/ui/dialogs.py" line="74" />
        <source>gpupicker cannot start</source>
        <translation>gpupicker 无法启动</translation>
    </message>
</context>
<context>
    <name>TaskPage</name>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="177" />
        <source>What do you want to run?</source>
        <translation>您想运行什么？</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="178" />
        <source>Pick the job. Each task starts with sensible settings you can change on the next pages.</source>
        <translation>选择任务。每种任务都带有合理的默认设置，可在后续页面修改。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/wizard_pages.py" line="194" />
        <source>Tip: press Enter to go to the next page, Alt+letter to pick an option.</source>
        <translation>提示：按 Enter 进入下一页，按 Alt+字母 选择选项。</translation>
    </message>
</context>
<context>
    <name>Tasks</name>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="18" />
        <source>F&amp;ull fine-tuning (all weights trained)</source>
        <translation>全参数微调（训练所有权重）(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="15" />
        <source>&amp;Inference (serve or chat with a model)</source>
        <translation>推理（部署或与模型对话）(&amp;I)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="16" />
        <source>&amp;LoRA fine-tuning (16-bit base, small adapters)</source>
        <translation>LoRA 微调（16 位基座模型 + LoRA 适配器）(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="17" />
        <source>&amp;QLoRA fine-tuning (4-bit NF4 base, adapters)</source>
        <translation>QLoRA 微调（4 位 NF4 基座模型 + 适配器）(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="18" />
        <source>&amp;Full fine-tuning (all weights trained)</source>
        <translation>全参数微调（训练所有权重）(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="19" />
        <source>&amp;Pre-training (from scratch on many tokens)</source>
        <translation>预训练（在大量 token 上从头训练）(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="20" />
        <source>I&amp;mage generation (diffusion models)</source>
        <translation>图像生成（扩散模型）(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="27" />
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="28" />
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="29" />
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="30" />
        <source>Full fine-tune</source>
        <translation>全参数微调</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="31" />
        <source>Pre-training</source>
        <translation>预训练</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="32" />
        <source>Image generation</source>
        <translation>图像生成</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="33" />
        <source>Decode ceiling</source>
        <translation>解码速度上限（单路）</translation>
    </message>
<message>
        <location filename="../../gpupicker/ui/texts.py" line="21" />
        <source>&amp;Diffusion LoRA / DreamBooth fine-tuning (SD 1.5, SDXL, FLUX)</source>
        <translation>扩散模型 LoRA / DreamBooth 微调（SD 1.5、SDXL、FLUX）(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/texts.py" line="35" />
        <source>Diffusion LoRA</source>
        <translation>扩散模型 LoRA</translation>
    </message>
    </context>
<context>
    <name>CrashReportDialog</name>
    <message>
        <source>gpupicker quit unexpectedly</source>
        <translation>gpupicker 意外退出</translation>
    </message>
    <message>
        <source>The last gpupicker session crashed. What it left is in %1.</source>
        <translation>上次运行的 gpupicker 崩溃了，留下的信息在 %1 中。</translation>
    </message>
    <message>
        <source>Please attach the log to a bug report. Open it now?</source>
        <translation>请将日志附在错误报告中。现在打开日志吗？</translation>
    </message>
    <message>
        <source>&amp;Open log</source>
        <translation>打开日志(&amp;O)</translation>
    </message>
</context>
<context>
    <name>OwnedGpusTab</name>
    <message>
        <source>%1 × %2 years</source>
        <translation>%1 × %2 年</translation>
    </message>
    <message>
        <source>%1 → %2 (%3)</source>
        <translation>%1 → %2（%3）</translation>
    </message>
    <message>
        <source>This &amp;computer…</source>
        <translation>本机(&amp;C)…</translation>
    </message>
    <message>
        <source>Read this computer's GPUs, their free VRAM and the RAM with nvidia-smi / rocm-smi (Linux) or system_profiler (macOS). Runs only when you press it; nothing is saved until you press Save.</source>
        <translation>用 nvidia-smi / rocm-smi（Linux）或 system_profiler（macOS）读取本机的 GPU、空闲显存和内存。只在你点击时运行；点“保存”之前不会保存任何内容。</translation>
    </message>
    <message>
        <source>&amp;Save as owned GPUs</source>
        <translation>保存为自有 GPU(&amp;S)</translation>
    </message>
    <message>
        <source>Reading this computer's GPUs and RAM…</source>
        <translation>正在读取本机的 GPU 和内存…</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1, %2 free</source>
        <translation>%1，空闲 %2</translation>
    </message>
    <message>
        <source>not in the catalog</source>
        <translation>价格库中没有</translation>
    </message>
    <message>
        <source>RAM: %1</source>
        <translation>内存：%1</translation>
    </message>
    <message>
        <source> — one pool shared with the GPU</source>
        <translation>——与 GPU 共用同一内存池</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/owned_tab.py" line="1" />
        <source>the GPU's TDP</source>
        <translation>GPU 的 TDP</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/owned_tab.py" line="1" />
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/owned_tab.py" line="1" />
        <source>How many</source>
        <translation>数量</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/owned_tab.py" line="1" />
        <source>Purchase price (all cards)</source>
        <translation>购买价格（全部显卡）</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/owned_tab.py" line="1" />
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/owned_tab.py" line="1" />
        <source>Power per GPU while working</source>
        <translation>单卡工作时的功耗</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/owned_tab.py" line="1" />
        <source>Electricity price per kWh</source>
        <translation>每千瓦时电价</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/owned_tab.py" line="1" />
        <source>Years to write off</source>
        <translation>折旧年限</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/owned_tab.py" line="1" />
        <source>Expected utilization</source>
        <translation>预计使用率</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/owned_tab.py" line="1" />
        <source>&amp;Add owned GPUs</source>
        <translation>添加自有 GPU(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/owned_tab.py" line="1" />
        <source>&amp;Remove selected</source>
        <translation>删除所选(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/owned_tab.py" line="1" />
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/owned_tab.py" line="1" />
        <source>Purchase</source>
        <translation>购买价格</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/owned_tab.py" line="1" />
        <source>Use</source>
        <translation>使用</translation>
    </message>
    <message>
        <source>Cost per GPU-hour</source>
        <translation>每卡时成本</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/owned_tab.py" line="1" />
        <source>Not saved — %1</source>
        <translation>未保存：%1</translation>
    </message>
    </context>
<context>
    <name>SingleInstance</name>
    <message>
        <location filename="../../gpupicker/ui/single_instance.py" line="45" />
        <source>process %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/single_instance.py" line="45" />
        <source>another process</source>
        <translation>另一个进程</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/single_instance.py" line="45" />
        <source>gpupicker is already running on this catalog (%1). A second window works on the same catalog: each shows the other's edits within a few seconds, and an edit to a row the other changed is refused, never lost.</source>
        <translation>gpupicker 已在使用此价格库（%1）。第二个窗口使用同一个价格库：两边的修改几秒内互相可见；对方已改过的行再修改会被拒绝，不会丢失数据。</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/single_instance.py" line="45" />
        <source>gpupicker is already running</source>
        <translation>gpupicker 已在运行</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/single_instance.py" line="45" />
        <source>Open &amp;anyway</source>
        <translation>仍然打开(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/single_instance.py" line="45" />
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
</context>
<context>
    <name>LaunchDialog</name>
    <message>
        <source>Download the weights</source>
        <translation>下载权重</translation>
    </message>
    <message>
        <source>Launch config: %1</source>
        <translation>启动配置：%1</translation>
    </message>
    <message>
        <source>Assumes: %1</source>
        <translation>假设：%1</translation>
    </message>
    <message>
        <source>Check: %1</source>
        <translation>请检查：%1</translation>
    </message>
    <message>
        <source>Command (%1)</source>
        <translation>命令（%1）</translation>
    </message>
    <message>
        <source>SkyPilot task.yaml</source>
        <translation>SkyPilot task.yaml</translation>
    </message>
    <message>
        <source>dstack .dstack.yml</source>
        <translation>dstack .dstack.yml</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
</context>
<context>
    <name>Curves</name>
    <message>
        <source>%1 per GPU</source>
        <translation>单卡显存（%1）</translation>
    </message>
    <message>
        <source>Batch size (sequences)</source>
        <translation>批大小（序列数）</translation>
    </message>
    <message>
        <source>Context (tokens per sequence)</source>
        <translation>上下文（每个序列的 token 数）</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>Concurrent sequences</source>
        <translation>并发序列数</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Save this plot as PNG or SVG, or its data as CSV</source>
        <translation>将此图保存为 PNG 或 SVG，或将其数据保存为 CSV</translation>
    </message>
    <message>
        <source>Export plot</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>What to vary along the horizontal axis</source>
        <translation>横轴上变化的量</translation>
    </message>
    <message>
        <source>What fits: memory per GPU</source>
        <translation>可容纳范围：单卡显存</translation>
    </message>
    <message>
        <source>Memory per GPU (%1)</source>
        <translation>单卡显存（%1）</translation>
    </message>
    <message>
        <source>Cost and hours by number of GPUs</source>
        <translation>按 GPU 数量的费用和时长</translation>
    </message>
    <message>
        <source>Number of GPUs</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>Hours (dashed)</source>
        <translation>小时数（虚线）</translation>
    </message>
    <message>
        <source>Total cost (%1)</source>
        <translation>总费用（%1）</translation>
    </message>
    <message>
        <source>Cost per month (%1)</source>
        <translation>每月费用（%1）</translation>
    </message>
    <message>
        <source>Price per hour (%1)</source>
        <translation>每小时价格（%1）</translation>
    </message>
    <message>
        <source>Memory per GPU (the same on every card)</source>
        <translation>单卡显存（各卡相同）</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>显存够用</translation>
    </message>
    <message>
        <source>too big</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 张卡</translation>
    </message>
    <message>
        <source>GPU id</source>
        <translation>GPU 标识</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Usable memory per GPU (%1)</source>
        <translation>单卡可用显存（%1）</translation>
    </message>
    <message>
        <source>Pricing</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>卡数</translation>
    </message>
    <message>
        <source>Run time (h)</source>
        <translation>运行时间（小时）</translation>
    </message>
</context>
<context>
    <name>WorkloadController</name>
    <message>
        <source>The catalog has no model for this task.</source>
        <translation>价格库里没有适合这个任务的模型。</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>%1: warning: %2</source>
        <translation>%1：警告：%2</translation>
    </message>
    <message>
        <source>Workload and job files (*.json *.yml *.yaml *.sh *.txt);;All files (*)</source>
        <translation>任务配置与任务文件 (*.json *.yml *.yaml *.sh *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Compare scenarios</source>
        <translation>方案对比</translation>
    </message>
    <message>
        <source>The job in the wizard beside saved workloads or job files (axolotl, LLaMA-Factory, torchtune, a vllm serve line …). Values that differ from the first column are bold.</source>
        <translation>向导中的任务与已保存的任务配置或任务文件（axolotl、LLaMA-Factory、torchtune、vllm serve 命令行……）并排对比。与第一列不同的值以粗体显示。</translation>
    </message>
    <message>
        <source>&amp;Add scenario…</source>
        <translation>添加方案(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export Markdown…</source>
        <translation>导出 Markdown(&amp;E)…</translation>
    </message>
    <message>
        <source>Add a scenario</source>
        <translation>添加方案</translation>
    </message>
    <message>
        <source>Not added — %1</source>
        <translation>未添加——%1</translation>
    </message>
    <message>
        <source>This job</source>
        <translation>当前任务</translation>
    </message>
    <message>
        <source>Differs from %1: %2</source>
        <translation>与 %1 不同：%2</translation>
    </message>
    <message>
        <source>Export comparison</source>
        <translation>导出对比</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <location filename="../../gpupicker/ui/i18n/qt_gaps.py" line="33" />
        <source>File Folder</source>
        <comment>Match Windows Explorer</comment>
        <translation>文件夹</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/i18n/qt_gaps.py" line="32" />
        <source>Folder</source>
        <comment>All other platforms</comment>
        <translation>文件夹</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <location filename="../../gpupicker/ui/i18n/qt_gaps.py" line="31" />
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../../gpupicker/ui/i18n/qt_gaps.py" line="30" />
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
</context>
</TS>
