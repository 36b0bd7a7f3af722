<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ArrayTableModel</name>
    <message>
        <location filename="../../widgets/matrix_model.py" line="86"/>
        <source>Cell {token}, d{dim} refused: {reason}</source>
        <translation>单元格 {token}, d{dim} 未接受：{reason}</translation>
    </message>
</context>
<context>
    <name>Autosave</name>
    <message>
        <location filename="../../app/autosave.py" line="99"/>
        <source>Restore autosaved work</source>
        <translation>恢复自动保存的工作</translation>
    </message>
</context>
<context>
    <name>BatchNormLab</name>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="222"/>
        <source>&amp;Token:</source>
        <extracomment>Up to this many dimensions, plot (a) draws each one; above, the distance to the full-batch row. Columns of the single-token table (dimensions) before it is cut.</extracomment>
        <translation> token (&amp;T)：</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="223"/>
        <source>The token followed in “Batch size” and “One token”</source>
        <translation>“批大小”和“单个 token ”两页跟踪的 token </translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="224"/>
        <source>Training &amp;steps:</source>
        <translation>训练步数(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="225"/>
        <source>BatchNorm training steps over all tokens that fill the running statistics used by “One token” and “Running statistics”</source>
        <translation>在全部 token 上做的 BatchNorm 训练步数，用来积累“单个 token ”和“滑动统计量”两页用到的滑动统计量</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="227"/>
        <source>&amp;Dimension:</source>
        <translation>维度(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="228"/>
        <source>The column whose running statistics are plotted</source>
        <translation>绘制哪一列的滑动统计量</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="229"/>
        <source>Batch size changes BatchNorm, not LayerNorm</source>
        <translation>批大小改变 BatchNorm，不改变 LayerNorm</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="230"/>
        <source>One token</source>
        <translation>单个 token </translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="231"/>
        <source>Running statistics</source>
        <translation>滑动统计量</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="335"/>
        <source>{token}: output per dimension as the batch grows</source>
        <translation>{token}：批变大时各维度的输出</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="336"/>
        <source>normalized output</source>
        <translation>归一化输出</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="338"/>
        <source>{token}: distance to its output in the full batch</source>
        <translation>{token}：与完整批次中输出的距离</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="339"/>
        <source>‖output − full-batch output‖₂</source>
        <translation>‖输出 − 完整批次输出‖₂</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="340"/>
        <source>batch size k (tokens normalized together)</source>
        <translation>批大小 k（一起归一化的 token 数）</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="341"/>
        <source>BatchNorm ✗</source>
        <translation>BatchNorm ✗</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="347"/>
        <source>BatchNorm (solid)</source>
        <translation>BatchNorm（实线）</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="348"/>
        <source>LayerNorm (dashed)</source>
        <translation>LayerNorm（虚线）</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="350"/>
        <source>BatchNorm</source>
        <translation>BatchNorm</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="351"/>
        <source>LayerNorm</source>
        <translation>LayerNorm</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="356"/>
        <location filename="../../widgets/batchnorm_lab.py" line="380"/>
        <location filename="../../widgets/batchnorm_lab.py" line="472"/>
        <source>No scenario yet.</source>
        <translation>还没有场景。</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="359"/>
        <source>Batch k holds the first k tokens, always including {token}. BatchNorm (solid, markers) normalizes each dimension over the tokens in the batch, so {token}&apos;s output moves as tokens join (a single value moves by up to {bn} here). LayerNorm (dashed) only uses {token}&apos;s own row: its output is the same for every k (change {ln}).</source>
        <translation>批 k 含前 k 个 token ，且总包含{token}。BatchNorm（实线、带标记）对批内 token 按维度归一化，所以有 token 加入时{token}的输出会跟着变（这里单个值最多变 {bn}）。LayerNorm（虚线）只用{token}自己这一行：对每个 k 输出都一样（变化 {ln}）。</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="364"/>
        <source>At k = 1 BatchNorm refuses: one value per dimension has no spread to normalize by.</source>
        <translation>k = 1 时 BatchNorm 拒绝计算：每个维度只有一个值，没有离散程度可用来归一化。</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="371"/>
        <source>Only the first {n} of the {total} tokens are used.</source>
        <translation>只使用了 {total} 个 token 中的前 {n} 个。</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="386"/>
        <source>x (the token)</source>
        <translation>x（该 token ）</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="387"/>
        <source>running mean</source>
        <translation>滑动均值</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="388"/>
        <source>running variance</source>
        <translation>滑动方差</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="389"/>
        <source>eval mode (alone)</source>
        <translation>推理模式（单独）</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="390"/>
        <source>training mode (batch of {n})</source>
        <translation>训练模式（{n} 个 token 的批）</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="391"/>
        <source>difference</source>
        <translation>差值</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="402"/>
        <source>Showing the first {shown} of {d} dimensions.</source>
        <translation>只显示 {d} 个维度中的前 {shown} 个。</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="405"/>
        <source>Training mode: refused</source>
        <translation>训练模式：拒绝计算</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="406"/>
        <source>Alone, {token} gives each dimension a single value: its batch variance is 0, so there is nothing to normalize against. BatchNorm says:</source>
        <translation>单独一个{token}时，每个维度只有一个值：批方差为 0，没有可以参照的统计量。BatchNorm 的报错：</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="408"/>
        <source>Eval mode: running statistics</source>
        <translation>推理模式：滑动统计量</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="409"/>
        <source>After {steps} training steps over all {n} tokens (momentum {m}), eval mode normalizes {token} alone with the stored running mean and variance: (x − running mean) / √(running variance + ε) · γ + β.</source>
        <translation>在全部 {n} 个 token 上训练 {steps} 步（动量 {m}）后，推理模式用保存的滑动均值和方差单独归一化{token}：(x − 滑动均值) / √(滑动方差 + ε) · γ + β。</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="413"/>
        <source>Largest difference from its output inside the batch: {diff}. More steps shrink it, but not to 0: the running variance is the unbiased one (÷ (n − 1)), training mode divides by n.</source>
        <translation>与它在批内输出的最大差值：{diff}。步数越多差值越小，但不会到 0：滑动方差是无偏的（÷ (n − 1)），训练模式除以 n。</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="416"/>
        <source>LayerNorm needs none of this: it normalizes one token with its own row&apos;s mean and standard deviation, the same in training and at generation time.</source>
        <translation>LayerNorm 完全不需要这些：它用 token 自己这一行的均值和标准差归一化，训练和生成时一模一样。</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="461"/>
        <source>mean of d{n}</source>
        <translation>d{n} 的均值</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="462"/>
        <source>variance of d{n}</source>
        <translation>d{n} 的方差</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="463"/>
        <source>training step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="466"/>
        <source>running buffer</source>
        <translation>滑动缓冲</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="467"/>
        <source>batch value it approaches (variance: unbiased)</source>
        <translation>趋近的批统计量（方差为无偏）</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="476"/>
        <source>The buffers start at mean 0 and variance 1. Each step moves them {m} of the way to this batch&apos;s statistics, so the remaining gap is (1 − {m})^step of the first one: after {steps} steps, {left} of it is left. Eval mode normalizes with these buffers, not with the batch.</source>
        <translation>缓冲从均值 0、方差 1 开始。每一步向本批统计量靠近 {m} 的距离，所以剩余差距是初始差距的 (1 − {m})^步数：{steps} 步后还剩 {left}。推理模式用这些缓冲归一化，而不是用批统计量。</translation>
    </message>
    <message>
        <location filename="../../widgets/batchnorm_lab.py" line="482"/>
        <source>With a single token BatchNorm can&apos;t train, so the buffers keep their defaults.</source>
        <translation>只有一个 token 时 BatchNorm 无法训练，缓冲保持默认值。</translation>
    </message>
</context>
<context>
    <name>BlockFlow</name>
    <message>
        <location filename="../../widgets/block_flow.py" line="159"/>
        <source>Pre-Norm block</source>
        <extracomment>Stage keys in display order per placement, exactly as ``engine.block.block_with_grad`` orders them. Residual bypasses per placement: (stage whose output is carried around, the ⊕ stage it joins). Box fill per kind of step; the text in each box names the step too, so colour is a second cue.</extracomment>
        <translation>Pre-Norm Block</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="160"/>
        <source>Post-Norm block</source>
        <translation>Post-Norm Block</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="161"/>
        <source>h = x + Attn(N₁(x)),   y = h + FFN(N₂(h))</source>
        <translation>h = x + Attn(N₁(x)),   y = h + FFN(N₂(h))</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="162"/>
        <source>h = N₁(x + Attn(x)),   y = N₂(h + FFN(h))</source>
        <translation>h = N₁(x + Attn(x)),   y = N₂(h + FFN(h))</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="163"/>
        <source>x (input)</source>
        <translation>x（输入）</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="164"/>
        <source>① {norm}</source>
        <translation>① {norm}</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="165"/>
        <source>② Multi-head attention</source>
        <translation>② 多头自注意力</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="166"/>
        <source>③ {norm}</source>
        <translation>③ {norm}</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="167"/>
        <source>④ FFN</source>
        <translation>④ 前馈网络 FFN</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="168"/>
        <source>norm off (identity)</source>
        <translation>不归一化（恒等）</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="169"/>
        <source>residual add</source>
        <translation>残差相加</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="170"/>
        <source>+x</source>
        <translation>+x</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="171"/>
        <location filename="../../widgets/block_flow.py" line="172"/>
        <source>+h</source>
        <translation>+h</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="173"/>
        <source>y → next block</source>
        <translation>y → 下一个 Block</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="174"/>
        <location filename="../../widgets/block_flow.py" line="181"/>
        <source>x: the block&apos;s input tokens</source>
        <translation>x：Block 的输入 token</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="175"/>
        <source>① N₁(x): each token normalized before attention</source>
        <translation>① N₁(x)：进入注意力前先把每个 token 归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="176"/>
        <source>② Attn(N₁(x)): the multi-head self-attention output</source>
        <translation>② Attn(N₁(x))：多头自注意力的输出</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="177"/>
        <source>⊕ h = x + Attn(N₁(x)): the first residual sum</source>
        <translation>⊕ h = x + Attn(N₁(x))：第一次残差相加</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="178"/>
        <source>③ N₂(h): normalized again before the FFN</source>
        <translation>③ N₂(h)：进入 FFN 前再归一化一次</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="179"/>
        <source>④ FFN(N₂(h)): the feed-forward output</source>
        <translation>④ FFN(N₂(h))：前馈网络的输出</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="180"/>
        <source>⊕ y = h + FFN(N₂(h)): the block&apos;s output</source>
        <translation>⊕ y = h + FFN(N₂(h))：Block 的输出</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="182"/>
        <source>② Attn(x): attention on the raw input</source>
        <translation>② Attn(x)：直接对输入做注意力</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="183"/>
        <source>⊕ x + Attn(x): the first residual sum</source>
        <translation>⊕ x + Attn(x)：第一次残差相加</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="184"/>
        <source>① h = N₁(x + Attn(x)): the sum normalized</source>
        <translation>① h = N₁(x + Attn(x))：对和做归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="185"/>
        <source>④ FFN(h): the feed-forward output</source>
        <translation>④ FFN(h)：前馈网络的输出</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="186"/>
        <source>⊕ h + FFN(h): the second residual sum</source>
        <translation>⊕ h + FFN(h)：第二次残差相加</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="187"/>
        <source>③ y = N₂(h + FFN(h)): the block&apos;s output</source>
        <translation>③ y = N₂(h + FFN(h))：Block 的输出</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="188"/>
        <source>Click a step, or press Step ▶ to walk through the block.</source>
        <translation>点击某一步，或按「下一步 ▶」逐步走完整个 Block。</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="189"/>
        <source>Selected: {description}</source>
        <translation>当前：{description}</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="191"/>
        <source>◀</source>
        <translation>◀</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="192"/>
        <source>Previous step</source>
        <translation>上一步</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="193"/>
        <source>Step ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="194"/>
        <source>Next step (wraps around)</source>
        <translation>下一步（到末尾后回到开头）</translation>
    </message>
    <message>
        <location filename="../../widgets/block_flow.py" line="195"/>
        <source>One Transformer block: click a step to show its output</source>
        <translation>一个 Transformer Block：点击某一步查看它的输出</translation>
    </message>
</context>
<context>
    <name>ControlsPanel</name>
    <message>
        <location filename="../../widgets/controls_panel.py" line="89"/>
        <source>Norm</source>
        <extracomment>field -&gt; (objectName, values); the texts shown for them come from ``_texts``. field -&gt; (objectName, widget class, minimum, maximum, step, decimals)</extracomment>
        <translation>归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="89"/>
        <source>LayerNorm and RMSNorm normalize each token (row); BatchNorm each dimension (column)</source>
        <translation>LayerNorm 与 RMSNorm 对每个 token（行）归一化；BatchNorm 对每个维度（列）归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="90"/>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="91"/>
        <source>Placement</source>
        <translation>位置</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="91"/>
        <source>Where the norm sits relative to the residual connection</source>
        <translation>归一化相对于残差连接的位置</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="92"/>
        <source>Pre-Norm  x + F(N(x))</source>
        <translation>Pre-Norm  x + F(N(x))</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="92"/>
        <source>Post-Norm  N(x + F(x))</source>
        <translation>Post-Norm  N(x + F(x))</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="93"/>
        <source>ε, added to the variance inside the square root (PyTorch&apos;s default 1e-5)</source>
        <translation>ε：加在根号内的方差上（PyTorch 默认 1e-5）</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="94"/>
        <source>Layers N</source>
        <translation>层数 N</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="94"/>
        <source>Number of stacked blocks in the depth and gradient plots</source>
        <translation>深度图与梯度图中堆叠的 Block 数</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="95"/>
        <source>BatchNorm mode</source>
        <translation>BatchNorm 模式</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="95"/>
        <source>Training normalizes with the batch&apos;s statistics; eval with the running ones</source>
        <translation>训练模式用本批统计量归一化；推理模式用滑动统计量</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="96"/>
        <source>train (batch statistics)</source>
        <translation>训练（批统计量）</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="96"/>
        <source>eval (running statistics)</source>
        <translation>推理（滑动统计量）</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="97"/>
        <source>BN momentum</source>
        <translation>BN 动量</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="97"/>
        <source>running = (1 − momentum) · running + momentum · batch</source>
        <translation>滑动值 = (1 − 动量) · 滑动值 + 动量 · 本批值</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="98"/>
        <source>FFN activation</source>
        <translation>FFN 激活函数</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="98"/>
        <source>The feed-forward network&apos;s non-linearity</source>
        <translation>前馈网络的非线性函数</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="100"/>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="100"/>
        <source>Number of attention heads; must divide the number of dimensions</source>
        <translation>注意力头的个数；须整除维度数</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="101"/>
        <source>Each token attends only to itself and earlier tokens, as in a decoder</source>
        <translation>每个 token 只看自己和之前的 token（解码器的做法）</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="102"/>
        <source>Random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="102"/>
        <source>Seed of the stacked blocks&apos; random weights</source>
        <translation>堆叠 Block 随机权重的种子</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="103"/>
        <source>Toy a</source>
        <translation>玩具例 a</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="103"/>
        <location filename="../../widgets/controls_panel.py" line="104"/>
        <source>The seed&apos;s toy explosion: v ← a·v + b per layer</source>
        <translation>文中的玩具例：每层 v ← a·v + b</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="104"/>
        <source>Toy b</source>
        <translation>玩具例 b</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="117"/>
        <source>Causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="127"/>
        <source>{setting}: {value}</source>
        <translation>{setting}：{value}</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="135"/>
        <source>ε must be ≥ 0</source>
        <translation>ε 必须 ≥ 0</translation>
    </message>
    <message>
        <location filename="../../widgets/controls_panel.py" line="137"/>
        <source>ε refused: {error}</source>
        <translation>ε 未接受：{error}</translation>
    </message>
</context>
<context>
    <name>CrashGuard</name>
    <message>
        <location filename="../../app/crash_guard.py" line="35"/>
        <source>NormScope: unexpected error</source>
        <translation>NormScope：意外错误</translation>
    </message>
    <message>
        <location filename="../../app/crash_guard.py" line="36"/>
        <source>Your data is unchanged. Details were written to {path}.</source>
        <translation>你的数据没有改变。详情已写入 {path}。</translation>
    </message>
</context>
<context>
    <name>DepthPlot</name>
    <message>
        <location filename="../../widgets/depth_plot.py" line="65"/>
        <source>no norm (residual only)</source>
        <translation>无归一化（仅残差）</translation>
    </message>
    <message>
        <location filename="../../widgets/depth_plot.py" line="65"/>
        <source>Pre-Norm</source>
        <translation>Pre-Norm</translation>
    </message>
    <message>
        <location filename="../../widgets/depth_plot.py" line="66"/>
        <source>Post-Norm</source>
        <translation>Post-Norm</translation>
    </message>
    <message>
        <location filename="../../widgets/depth_plot.py" line="66"/>
        <source>toy v ← a·v + b (explodes)</source>
        <translation>玩具例 v ← a·v + b（爆炸）</translation>
    </message>
    <message>
        <location filename="../../widgets/depth_plot.py" line="67"/>
        <source>toy with a norm (stable)</source>
        <translation>玩具例加归一化（稳定）</translation>
    </message>
    <message>
        <location filename="../../widgets/depth_plot.py" line="70"/>
        <source>Value size by depth</source>
        <translation>数值大小随深度的变化</translation>
    </message>
    <message>
        <location filename="../../widgets/depth_plot.py" line="71"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location filename="../../widgets/depth_plot.py" line="72"/>
        <source>RMS of the hidden state</source>
        <translation>隐藏状态的 RMS</translation>
    </message>
    <message>
        <location filename="../../widgets/depth_plot.py" line="75"/>
        <source>Log scale</source>
        <translation>对数坐标</translation>
    </message>
    <message>
        <location filename="../../widgets/depth_plot.py" line="76"/>
        <source>Show the value axis on a log scale (the toy explosion grows exponentially)</source>
        <translation>纵轴用对数坐标（玩具例按指数增长）</translation>
    </message>
    <message>
        <location filename="../../widgets/depth_plot.py" line="77"/>
        <source>BatchNorm here: eval mode with the default
running statistics (mean 0, variance 1)</source>
        <translation>此处 BatchNorm 为评估模式，使用默认的
运行统计量（均值 0、方差 1）</translation>
    </message>
    <message>
        <location filename="../../widgets/depth_plot.py" line="116"/>
        <source>overflow at layer {n}</source>
        <translation>在第 {n} 层溢出</translation>
    </message>
    <message>
        <location filename="../../widgets/depth_plot.py" line="146"/>
        <source>layer {n}</source>
        <translation>第 {n} 层</translation>
    </message>
</context>
<context>
    <name>Document</name>
    <message>
        <location filename="../../app/document.py" line="104"/>
        <source>The block of {r} × {c} does not fit at row {row}, column {col} of a {rows} × {cols} grid.</source>
        <extracomment>Stacks whose weights fit in this many bytes are simulated at once on the UI thread (the seed&apos;s 6 × 4 scenarios take about a millisecond); larger ones go to the worker. Cells were written: target (&quot;matrix&quot; or &quot;affine&quot;), first row, first column, rows, columns. Emitted just before the scenarioChanged it belongs to, so a table can repaint just them. A whole scenario replaced the old one (a preset, a session, restored work).</extracomment>
        <translation>{r} × {c} 的数据块放不进 {rows} × {cols} 表格的第 {row} 行第 {col} 列。</translation>
    </message>
    <message>
        <location filename="../../app/document.py" line="111"/>
        <source>Refused: every value must be a finite {dtype} number.</source>
        <translation>未接受：每个值都必须是有限的 {dtype} 数。</translation>
    </message>
    <message>
        <location filename="../../app/document.py" line="115"/>
        <source>Edit cell</source>
        <translation>编辑单元格</translation>
    </message>
    <message>
        <location filename="../../app/document.py" line="115"/>
        <source>Paste {r} × {c}</source>
        <translation>粘贴 {r} × {c}</translation>
    </message>
    <message>
        <location filename="../../app/document.py" line="125"/>
        <source>Refused: {reason}</source>
        <translation>未接受：{reason}</translation>
    </message>
    <message>
        <location filename="../../app/document.py" line="136"/>
        <source>Set {name} to {value}</source>
        <translation>设置 {name} 为 {value}</translation>
    </message>
    <message>
        <location filename="../../app/document.py" line="143"/>
        <source>Rename token {n} to {label}</source>
        <translation>把第 {n} 个 token 改名为 {label}</translation>
    </message>
    <message>
        <location filename="../../app/document.py" line="147"/>
        <source>Reset γ to 1 and β to 0</source>
        <translation>重置 γ 为 1、β 为 0</translation>
    </message>
    <message>
        <location filename="../../app/document.py" line="153"/>
        <source>Insert {n} token(s)</source>
        <translation>插入 {n} 个 token</translation>
    </message>
    <message>
        <location filename="../../app/document.py" line="159"/>
        <source>Refused: the matrix needs at least one token.</source>
        <translation>未接受：矩阵至少要有一个 token。</translation>
    </message>
    <message>
        <location filename="../../app/document.py" line="162"/>
        <source>Remove {n} token(s)</source>
        <translation>删除 {n} 个 token</translation>
    </message>
    <message>
        <location filename="../../app/document.py" line="169"/>
        <source>Insert {n} dimension(s)</source>
        <translation>插入 {n} 个维度</translation>
    </message>
    <message>
        <location filename="../../app/document.py" line="175"/>
        <source>Refused: the matrix needs at least one dimension.</source>
        <translation>未接受：矩阵至少要有一个维度。</translation>
    </message>
    <message>
        <location filename="../../app/document.py" line="178"/>
        <source>Remove {n} dimension(s)</source>
        <translation>删除 {n} 个维度</translation>
    </message>
    <message>
        <location filename="../../app/document.py" line="195"/>
        <source>Grow to {r} × {c}</source>
        <translation>扩大到 {r} × {c}</translation>
    </message>
    <message>
        <location filename="../../app/document.py" line="271"/>
        <source>The block simulation failed: {reason}</source>
        <translation>Block 模拟失败：{reason}</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <location filename="../../app/file_actions.py" line="73"/>
        <source>Open {name}</source>
        <translation>打开 {name}</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="76"/>
        <source>Opened {name}</source>
        <translation>已打开 {name}</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="89"/>
        <location filename="../../app/file_actions.py" line="157"/>
        <source>{name} could not be saved: {error}</source>
        <translation>{name} 无法保存：{error}</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="93"/>
        <location filename="../../app/file_actions.py" line="158"/>
        <location filename="../../app/file_actions.py" line="176"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="108"/>
        <source>Import {name}</source>
        <translation>导入 {name}</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="111"/>
        <source>Imported a {rows} × {cols} matrix from {name}</source>
        <translation>已从 {name} 导入 {rows} × {cols} 的矩阵</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="127"/>
        <source>{name}: choose one of {tensors}</source>
        <translation>{name}：请从 {tensors} 中选一个</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="130"/>
        <source>Import {symbol} from {name}</source>
        <translation>从 {name} 导入 {symbol}</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="131"/>
        <source>{symbol} ← {tensor} from {name}</source>
        <translation>{symbol} ← {name} 中的 {tensor}</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="143"/>
        <source>Saved the matrix to {path}</source>
        <translation>矩阵已保存到 {path}</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="153"/>
        <source>Can&apos;t write a table as {suffix}: use .csv, .md or .tex</source>
        <translation>无法把表格写成 {suffix}：请用 .csv、.md 或 .tex</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="166"/>
        <source>Copied: {table}</source>
        <translation>已复制：{table}</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="185"/>
        <source>Copied the {figure} as an image</source>
        <translation>已将{figure}复制为图片</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="206"/>
        <source>Normalized matrix</source>
        <translation>归一化后的矩阵</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="206"/>
        <source>Row statistics</source>
        <translation>行统计量</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="207"/>
        <source>Depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="207"/>
        <source>Gradient norms</source>
        <translation>梯度范数</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="210"/>
        <source>μ/σ plot</source>
        <translation>μ/σ 图</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="210"/>
        <source>Depth plot</source>
        <translation>深度图</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="210"/>
        <source>Gradient plot</source>
        <translation>梯度图</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="211"/>
        <source>Stage heatmaps</source>
        <translation>各阶段热力图</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="214"/>
        <source>&amp;Open session…</source>
        <translation>打开会话(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="215"/>
        <source>&amp;Save session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="216"/>
        <source>Save session &amp;as…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="217"/>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="220"/>
        <source>&amp;Import matrix…</source>
        <translation>导入矩阵(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="221"/>
        <source>Import &amp;γ…</source>
        <translation>导入 γ(&amp;G)…</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="222"/>
        <source>Import &amp;β…</source>
        <translation>导入 β(&amp;B)…</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="223"/>
        <source>Export &amp;matrix…</source>
        <translation>导出矩阵(&amp;M)…</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="225"/>
        <source>Export &amp;table</source>
        <translation>导出表格(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="226"/>
        <source>&amp;Copy table</source>
        <translation>复制表格(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="230"/>
        <source>{table} as Markdown</source>
        <translation>{table}（Markdown）</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="232"/>
        <source>{table} as LaTeX</source>
        <translation>{table}（LaTeX）</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="234"/>
        <source>Export &amp;plot</source>
        <translation>导出图(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="238"/>
        <source>Export &amp;window as PNG…</source>
        <translation>把窗口导出为 PNG(&amp;W)…</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="255"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="269"/>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="280"/>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="284"/>
        <source>Import token matrix</source>
        <translation>导入 token 矩阵</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="288"/>
        <source>Import {symbol}</source>
        <translation>导入 {symbol}</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="293"/>
        <source>Import vector</source>
        <translation>导入向量</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="294"/>
        <source>Use {name} as:</source>
        <translation>把 {name} 用作：</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="307"/>
        <source>Choose a tensor</source>
        <translation>选择张量</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="308"/>
        <source>Tensors of length {d}:</source>
        <translation>长度为 {d} 的张量：</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="314"/>
        <source>Export matrix</source>
        <translation>导出矩阵</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="324"/>
        <source>Export figure</source>
        <translation>导出图</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="329"/>
        <source>PNG resolution</source>
        <translation>PNG 分辨率</translation>
    </message>
    <message>
        <location filename="../../app/file_actions.py" line="329"/>
        <source>Scale:</source>
        <translation>倍数：</translation>
    </message>
</context>
<context>
    <name>GradPlot</name>
    <message>
        <location filename="../../widgets/grad_plot.py" line="38"/>
        <source>Gradient norms at initialization</source>
        <translation>初始化时的梯度范数</translation>
    </message>
    <message>
        <location filename="../../widgets/grad_plot.py" line="39"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location filename="../../widgets/grad_plot.py" line="40"/>
        <source>gradient norm</source>
        <translation>梯度范数</translation>
    </message>
    <message>
        <location filename="../../widgets/grad_plot.py" line="73"/>
        <source>layer {n}</source>
        <translation>第 {n} 层</translation>
    </message>
</context>
<context>
    <name>GroupingView</name>
    <message>
        <location filename="../../widgets/grouping_view.py" line="151"/>
        <source>LayerNorm: each token (row) is normalized on its own</source>
        <extracomment>At most this many rows and columns are drawn; &quot;…&quot; marks the ones left out. Neighbouring groups alternate colour and line style, so they stay apart without colour vision too.</extracomment>
        <translation>LayerNorm：每个 token（行）各自归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/grouping_view.py" line="152"/>
        <source>RMSNorm: each token (row) is scaled by its own root mean square</source>
        <translation>RMSNorm：每个 token（行）除以自己的均方根</translation>
    </message>
    <message>
        <location filename="../../widgets/grouping_view.py" line="153"/>
        <source>BatchNorm: each dimension (column) is normalized across the tokens</source>
        <translation>BatchNorm：每个维度（列）跨 token 归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/grouping_view.py" line="154"/>
        <source>No norm: nothing is normalized, so there are no groups</source>
        <translation>无归一化：没有分组</translation>
    </message>
    <message>
        <location filename="../../widgets/grouping_view.py" line="155"/>
        <source>Hover a group to read its μ and σ before and after.</source>
        <translation>把鼠标移到某一组上，可看到它归一化前后的 μ 与 σ。</translation>
    </message>
    <message>
        <location filename="../../widgets/grouping_view.py" line="156"/>
        <source>Showing {rows} of {tokens} tokens and {cols} of {dims} dimensions.</source>
        <translation>显示 {tokens} 个 token 中的 {rows} 个、{dims} 个维度中的 {cols} 个。</translation>
    </message>
    <message>
        <location filename="../../widgets/grouping_view.py" line="157"/>
        <source>Token “{label}” (row {n})</source>
        <translation>Token「{label}」（第 {n} 行）</translation>
    </message>
    <message>
        <location filename="../../widgets/grouping_view.py" line="158"/>
        <source>Dimension d{n} (column {n})</source>
        <translation>维度 d{n}（第 {n} 列）</translation>
    </message>
    <message>
        <location filename="../../widgets/grouping_view.py" line="159"/>
        <source>before: μ = {mean}, σ = {std}</source>
        <translation>归一化前：μ = {mean}，σ = {std}</translation>
    </message>
    <message>
        <location filename="../../widgets/grouping_view.py" line="160"/>
        <source>after: μ = {mean}, σ = {std}</source>
        <translation>归一化后：μ = {mean}，σ = {std}</translation>
    </message>
    <message>
        <location filename="../../widgets/grouping_view.py" line="161"/>
        <source>No matrix yet</source>
        <translation>还没有矩阵</translation>
    </message>
    <message>
        <location filename="../../widgets/grouping_view.py" line="163"/>
        <source>The token matrix with the groups the norm normalizes together</source>
        <translation>Token 矩阵，以及归一化时放在一起统计的分组</translation>
    </message>
</context>
<context>
    <name>HandCalcPanel</name>
    <message>
        <location filename="../../widgets/hand_calc_panel.py" line="51"/>
        <source>Decimals</source>
        <translation>小数位</translation>
    </message>
    <message>
        <location filename="../../widgets/hand_calc_panel.py" line="52"/>
        <source>Digits after the decimal point (the seed uses 3)</source>
        <translation>小数点后的位数（原文用 3 位）</translation>
    </message>
    <message>
        <location filename="../../widgets/hand_calc_panel.py" line="53"/>
        <source>Copy text</source>
        <translation>复制文本</translation>
    </message>
    <message>
        <location filename="../../widgets/hand_calc_panel.py" line="54"/>
        <source>Copy LaTeX</source>
        <translation>复制 LaTeX</translation>
    </message>
    <message>
        <location filename="../../widgets/hand_calc_panel.py" line="87"/>
        <source>BatchNorm in eval mode uses the running statistics, not statistics of its own: there is nothing to calculate by hand.</source>
        <translation>推理模式的 BatchNorm 用的是滑动统计量，不计算自己的统计量：没有可手算的步骤。</translation>
    </message>
    <message>
        <location filename="../../widgets/hand_calc_panel.py" line="90"/>
        <source>No normalization is selected.</source>
        <translation>没有选择归一化。</translation>
    </message>
</context>
<context>
    <name>HandCalculation</name>
    <message>
        <location filename="../../widgets/hand_calc_render.py" line="116"/>
        <source>column</source>
        <translation>列</translation>
    </message>
    <message>
        <location filename="../../widgets/hand_calc_render.py" line="118"/>
        <source>row</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../../widgets/hand_calc_render.py" line="119"/>
        <source>Step 1 · take the {what} {name}</source>
        <translation>第 1 步 · 取出{what}「{name}」</translation>
    </message>
    <message>
        <location filename="../../widgets/hand_calc_render.py" line="129"/>
        <source>Step 2 · mean square and RMS</source>
        <translation>第 2 步 · 均方与 RMS</translation>
    </message>
    <message>
        <location filename="../../widgets/hand_calc_render.py" line="138"/>
        <source>Step 2 · mean μ and standard deviation σ</source>
        <translation>第 2 步 · 均值 μ 与标准差 σ</translation>
    </message>
    <message>
        <location filename="../../widgets/hand_calc_render.py" line="155"/>
        <source>Step 3 · divide by the RMS</source>
        <translation>第 3 步 · 除以 RMS</translation>
    </message>
    <message>
        <location filename="../../widgets/hand_calc_render.py" line="157"/>
        <source>Step 3 · subtract μ, divide by σ</source>
        <translation>第 3 步 · 减 μ，除以 σ</translation>
    </message>
    <message>
        <location filename="../../widgets/hand_calc_render.py" line="172"/>
        <source>Step 4 · scale by γ</source>
        <translation>第 4 步 · 乘 γ 缩放</translation>
    </message>
    <message>
        <location filename="../../widgets/hand_calc_render.py" line="174"/>
        <source>Step 4 · scale by γ, shift by β</source>
        <translation>第 4 步 · 乘 γ 缩放，加 β 平移</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/main_window.py" line="76"/>
        <source>Plots</source>
        <extracomment>Settings remembered between runs (the matrix itself is not: it comes from the preset).</extracomment>
        <translation>图表</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="76"/>
        <source>Block flow</source>
        <translation>Block 流程</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="76"/>
        <source>LN vs BN groups</source>
        <translation>LN 与 BN 的分组</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="77"/>
        <source>BatchNorm&apos;s problems</source>
        <translation>BatchNorm 的问题</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="77"/>
        <source>Scale invariance</source>
        <translation>尺度不变性</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="86"/>
        <source>Tokens</source>
        <translation>Token 矩阵</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="88"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="89"/>
        <source>Hand calculation</source>
        <translation>手算步骤</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="115"/>
        <source>View moved: edits keep this view. Double-click the plot to fit the data again.</source>
        <translation>视图已移动：编辑时保持此视图。双击图表可重新适配数据。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="118"/>
        <source>Autosave failed: {reason}</source>
        <translation>自动保存失败：{reason}</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="120"/>
        <source>Autosave is off: no autosave file is free in {folder}</source>
        <translation>自动保存已关闭：{folder} 中没有可用的自动保存文件</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="239"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="243"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="245"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="248"/>
        <source>Reset γ to 1 and β to 0</source>
        <translation>重置 γ 为 1、β 为 0</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="250"/>
        <source>&amp;Presets</source>
        <translation>预设(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="256"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="260"/>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="263"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="264"/>
        <location filename="../../app/main_window.py" line="267"/>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="264"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="265"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="266"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="270"/>
        <source>Restore default layout</source>
        <translation>恢复默认布局</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="273"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="274"/>
        <location filename="../../app/main_window.py" line="275"/>
        <source>About NormScope</source>
        <translation>关于 NormScope</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="276"/>
        <source>NormScope: LayerNorm, RMSNorm and BatchNorm inside a Transformer block.
Numbers follow PyTorch&apos;s semantics; edit any cell and every plot follows.</source>
        <translation>NormScope：Transformer Block 里的 LayerNorm、RMSNorm 与 BatchNorm。
数值与 PyTorch 的定义一致；改任何一个单元格，所有图都跟着变。</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="290"/>
        <source>今天西安的天气怎么样 (6 × 4)</source>
        <translation>今天西安的天气怎么样 (6 × 4)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="290"/>
        <source>我 吃 苹果 (5 × 4)</source>
        <translation>我 吃 苹果 (5 × 4)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="291"/>
        <source>Random hidden states (128 × 768)</source>
        <translation>随机隐藏状态 (128 × 768)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="291"/>
        <source>Large (2048 × 4096)</source>
        <translation>大矩阵 (2048 × 4096)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="319"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="321"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="331"/>
        <source>Simulating the stacked blocks</source>
        <translation>正在模拟堆叠的 Block</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="332"/>
        <source>Computing the block simulation…</source>
        <translation>正在计算 Block 模拟…</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="334"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="336"/>
        <source>Copy image</source>
        <translation>复制图片</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="364"/>
        <source>Restore unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="365"/>
        <source>NormScope closed with unsaved work last time. Restore the work it autosaved?</source>
        <translation>NormScope 上次关闭时有未保存的工作。要恢复自动保存的内容吗？</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="372"/>
        <source>The autosaved work could not be restored: {problem}</source>
        <translation>无法恢复自动保存的工作：{problem}</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="406"/>
        <source>Load preset {name}</source>
        <translation>加载预设 {name}</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="475"/>
        <source>Depth simulation skipped: {layers} layers at d = {d} need {need:.1f} GiB of weights (limit {limit:.0f} GiB).</source>
        <translation>已跳过深度模拟：d = {d} 时 {layers} 层需要 {need:.1f} GiB 的权重（上限 {limit:.0f} GiB）。</translation>
    </message>
</context>
<context>
    <name>MatrixView</name>
    <message>
        <location filename="../../widgets/matrix_view.py" line="32"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="33"/>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="36"/>
        <source>Insert token above</source>
        <translation>在上方插入 token</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="37"/>
        <source>Insert token below</source>
        <translation>在下方插入 token</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="38"/>
        <source>Remove selected tokens</source>
        <translation>删除选中的 token</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="39"/>
        <source>Insert dimension left</source>
        <translation>在左侧插入维度</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="40"/>
        <source>Insert dimension right</source>
        <translation>在右侧插入维度</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="41"/>
        <source>Remove selected dimensions</source>
        <translation>删除选中的维度</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="43"/>
        <source>Reset γ to 1 and β to 0</source>
        <translation>重置 γ 为 1、β 为 0</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="49"/>
        <source>Double-click a token to rename it</source>
        <translation>双击 token 可改名</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="90"/>
        <source>Paste refused: {reason}</source>
        <translation>粘贴未接受：{reason}</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="98"/>
        <source>Paste refused: the γ/β grid has two rows.</source>
        <translation>粘贴未接受：γ/β 表格只有两行。</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="103"/>
        <source>Paste {r} × {c} and grow</source>
        <translation>粘贴 {r} × {c} 并扩大</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="112"/>
        <source>Grow the matrix?</source>
        <translation>扩大矩阵？</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="113"/>
        <source>The pasted block reaches {nr} × {nc}, beyond the {rows} × {cols} grid. Grow the matrix (new cells 0, new γ 1, new β 0)?</source>
        <translation>粘贴的数据块延伸到 {nr} × {nc}，超出了 {rows} × {cols} 的表格。要扩大矩阵吗（新单元格为 0，新 γ 为 1，新 β 为 0）？</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="121"/>
        <source>Rename token</source>
        <translation>重命名 token</translation>
    </message>
    <message>
        <location filename="../../widgets/matrix_view.py" line="121"/>
        <source>Token label:</source>
        <translation>Token 名称：</translation>
    </message>
</context>
<context>
    <name>Problem</name>
    <message>
        <location filename="../../engine/io.py" line="28"/>
        <source>can&apos;t be read ({reason})</source>
        <extracomment>Files above this are refused before reading: a 2048 × 4096 float64 CSV is about 150 MB.</extracomment>
        <translation>无法读取（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="34"/>
        <source>is not a valid {kind} file ({reason})</source>
        <translation>不是有效的 {kind} 文件（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="40"/>
        <source>has an unknown type; save as {types}</source>
        <translation>文件类型未知；请保存为 {types}</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="42"/>
        <source>has an unknown type; open {types}</source>
        <translation>文件类型未知；请打开 {types}</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="53"/>
        <source>is {size} MB; files above {limit} MB are refused</source>
        <translation>大小为 {size} MB；超过 {limit} MB 的文件不予读取</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="56"/>
        <source>is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="66"/>
        <source>holds {dtype} values, not real numbers</source>
        <translation>包含 {dtype} 类型的值，不是实数</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="69"/>
        <source>holds an array of shape {shape}; a token matrix must be 2-D</source>
        <translation>数组形状为 {shape}；token 矩阵必须是二维的</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="70"/>
        <source>holds an array of shape {shape}; γ or β must be 1-D</source>
        <translation>数组形状为 {shape}；γ 或 β 必须是一维的</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="73"/>
        <source>holds an empty array of shape {shape}</source>
        <translation>数组为空，形状为 {shape}</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="77"/>
        <source>holds a value that is not a finite number (at position {position})</source>
        <translation>含有不是有限数的值（位置 {position}）</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="97"/>
        <source>is not UTF-8 text (is it a binary file?)</source>
        <translation>不是 UTF-8 文本（是二进制文件吗？）</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="99"/>
        <source>is not a text file (it contains NUL bytes)</source>
        <translation>不是文本文件（含有 NUL 字节）</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="102"/>
        <source>has no rows</source>
        <translation>没有任何行</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="108"/>
        <source>has a header but no numbers</source>
        <translation>只有表头，没有数字</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="118"/>
        <source>has labels but no numbers</source>
        <translation>只有标签，没有数字</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="126"/>
        <source>holds Python objects; only plain numeric arrays are loaded (no pickle)</source>
        <translation>含有 Python 对象；只读取纯数值数组（不使用 pickle）</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="152"/>
        <source>is not a valid .npz file (no arrays in it)</source>
        <translation>不是有效的 .npz 文件（其中没有数组）</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="155"/>
        <source>is not a valid .npz file (member {name} is not an array)</source>
        <translation>不是有效的 .npz 文件（成员 {name} 不是数组）</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="167"/>
        <source>is not a readable .safetensors file ({reason})</source>
        <translation>不是可读取的 .safetensors 文件（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="192"/>
        <source>holds {names}; name the token matrix &apos;matrix&apos;</source>
        <translation>包含 {names}；请把 token 矩阵命名为 &apos;matrix&apos;</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="198"/>
        <source>its labels must be {count} strings, got {dtype} {shape}</source>
        <translation>标签必须是 {count} 个字符串，实际为 {dtype} {shape}</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="219"/>
        <source>has no tensors</source>
        <translation>没有任何张量</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="221"/>
        <source>has no 1-D tensor of length {length} (it has {shapes})</source>
        <translation>没有长度为 {length} 的一维张量（其中有 {shapes}）</translation>
    </message>
    <message>
        <location filename="../../engine/io.py" line="231"/>
        <source>holds {count} values; the matrix has {length} dimensions</source>
        <translation>有 {count} 个值；矩阵有 {length} 个维度</translation>
    </message>
    <message>
        <location filename="../../engine/scenario.py" line="27"/>
        <source>{name} must be {ndim}-D, got shape {shape}</source>
        <translation>{name} 必须是 {ndim} 维的，实际形状为 {shape}</translation>
    </message>
    <message>
        <location filename="../../engine/scenario.py" line="31"/>
        <source>{name} holds a value that is not a finite number in {dtype}</source>
        <translation>{name} 含有在 {dtype} 中不是有限数的值</translation>
    </message>
    <message>
        <location filename="../../engine/scenario.py" line="69"/>
        <source>dtype must be one of {choices}; got {value}</source>
        <translation>dtype 必须是 {choices} 之一；实际为 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/scenario.py" line="74"/>
        <source>the matrix needs at least one token and one dimension, got {tokens} × {dims}</source>
        <translation>矩阵至少需要一个 token 和一个维度，实际为 {tokens} × {dims}</translation>
    </message>
    <message>
        <location filename="../../engine/scenario.py" line="78"/>
        <source>{count} token labels for {rows} rows</source>
        <translation>{rows} 行却有 {count} 个 token 标签</translation>
    </message>
    <message>
        <location filename="../../engine/scenario.py" line="86"/>
        <source>{name} has {count} values for {dims} dimensions</source>
        <translation>{name} 有 {count} 个值，而维度数为 {dims}</translation>
    </message>
    <message>
        <location filename="../../engine/scenario.py" line="92"/>
        <source>eps must be a finite number ≥ 0, got {value}</source>
        <translation>ε 必须是 ≥ 0 的有限数，实际为 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/scenario.py" line="94"/>
        <source>layers must be at least 1, got {value}</source>
        <translation>层数至少为 1，实际为 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/scenario.py" line="96"/>
        <source>seed must be ≥ 0, got {value}</source>
        <translation>随机种子必须 ≥ 0，实际为 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/scenario.py" line="98"/>
        <source>{heads} heads do not divide d = {dims}</source>
        <translation>{heads} 个头不能整除 d = {dims}</translation>
    </message>
    <message>
        <location filename="../../engine/scenario.py" line="100"/>
        <source>stack_tokens must be at least 1, got {value}</source>
        <translation>stack_tokens 至少为 1，实际为 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/scenario.py" line="103"/>
        <source>ffn_mult must be at least 1, got {value}</source>
        <translation>ffn_mult 至少为 1，实际为 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/scenario.py" line="105"/>
        <source>bn_momentum must lie in [0, 1], got {value}</source>
        <translation>BN 动量必须在 [0, 1] 之间，实际为 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/scenario.py" line="113"/>
        <source>{name} must be one of {choices}; got {value}</source>
        <translation>{name} 必须是 {choices} 之一；实际为 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="74"/>
        <source>not a NormScope snapshot ({reason})</source>
        <extracomment>Above this many numbers a session is written compactly: exact float64 text instead of the shortest per-value text (which costs ~3 µs a number), and no line per row.</extracomment>
        <translation>不是 NormScope 快照（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="77"/>
        <source>not a NormScope snapshot</source>
        <translation>不是 NormScope 快照</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="88"/>
        <source>field &apos;{name}&apos; must be a {ndim}-D list of numbers</source>
        <translation>字段 &apos;{name}&apos; 必须是 {ndim} 维的数字列表</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="96"/>
        <source>field &apos;{name}&apos; must be {expected}, got {got}</source>
        <translation>字段 &apos;{name}&apos; 必须是 {expected}，实际为 {got}</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="100"/>
        <source>field &apos;labels&apos; must be a list of strings</source>
        <translation>字段 &apos;labels&apos; 必须是字符串列表</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="113"/>
        <source>not valid JSON (line {line}, column {column}: {reason})</source>
        <translation>不是有效的 JSON（第 {line} 行第 {column} 列：{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="116"/>
        <source>not a NormScope session (no &quot;format&quot;: &quot;{format}&quot;)</source>
        <translation>不是 NormScope 会话（没有 &quot;format&quot;: &quot;{format}&quot;）</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="120"/>
        <source>field &apos;scenario&apos; is missing or not an object</source>
        <translation>字段 &apos;scenario&apos; 缺失或不是对象</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="127"/>
        <source>field &apos;version&apos; must be an integer</source>
        <translation>字段 &apos;version&apos; 必须是整数</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="129"/>
        <source>written by a newer NormScope (session version {version}); fields it added are ignored</source>
        <translation>由更新版本的 NormScope 写入（会话版本 {version}）；其新增的字段已忽略</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="135"/>
        <source>ignored unknown field(s): {names}</source>
        <translation>已忽略未知字段：{names}</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="139"/>
        <source>missing field(s): {names}</source>
        <translation>缺少字段：{names}</translation>
    </message>
    <message>
        <location filename="../../engine/session.py" line="144"/>
        <source>invalid session: {problem}</source>
        <translation>会话无效：{problem}</translation>
    </message>
    <message>
        <location filename="../../engine/table_text.py" line="17"/>
        <source>empty cell: type a number</source>
        <translation>空单元格：请输入一个数</translation>
    </message>
    <message>
        <location filename="../../engine/table_text.py" line="18"/>
        <source>“{text}” is not a number</source>
        <translation>「{text}」不是数</translation>
    </message>
    <message>
        <location filename="../../engine/table_text.py" line="19"/>
        <source>“{text}” is not a finite {dtype} number (|x| ≤ {limit})</source>
        <translation>「{text}」不是有限的 {dtype} 数（|x| ≤ {limit}）</translation>
    </message>
    <message>
        <location filename="../../engine/table_text.py" line="32"/>
        <source>no numbers found</source>
        <translation>没有找到数字</translation>
    </message>
    <message>
        <location filename="../../engine/table_text.py" line="33"/>
        <source>row {line} has {count} values but row {first} has {width}: the block must be rectangular</source>
        <translation>第 {line} 行有 {count} 个值，而第 {first} 行有 {width} 个：数据块必须是矩形</translation>
    </message>
    <message>
        <location filename="../../engine/table_text.py" line="35"/>
        <source>row {line}, column {column}: {cause}</source>
        <translation>第 {line} 行第 {column} 列：{cause}</translation>
    </message>
    <message>
        <location filename="../../engine/table_text.py" line="36"/>
        <source>line {line} has {count} values but line {first} has {width}: the block must be rectangular</source>
        <translation>第 {line} 行有 {count} 个值，而第 {first} 行有 {width} 个：数据必须是矩形的</translation>
    </message>
    <message>
        <location filename="../../engine/table_text.py" line="38"/>
        <source>line {line}, column {column}: {cause}</source>
        <translation>第 {line} 行第 {column} 列：{cause}</translation>
    </message>
    <message>
        <location filename="../../widgets/problem_text.py" line="19"/>
        <source>{file}: {problem}</source>
        <translation>{file}：{problem}</translation>
    </message>
    <message>
        <location filename="../../engine/compute.py" line="156"/>
        <source>BatchNorm can&apos;t normalize a single token in training mode (its batch variance is 0); showing eval mode with the default running statistics (mean 0, variance 1), which only multiplies by γ/√(1 + ε) and adds β.</source>
        <extracomment>The stack simulation keeps every layer&apos;s weights alive for the backward pass; above this it is skipped with a message instead of exhausting memory (d = 4096 costs about 800 MB per layer). Labels of the tokens ``stages`` were computed for: while stale they may differ from the scenario&apos;s (tokens removed since). Eval mode needs running statistics: the main views assume this many training steps on the matrix itself first (from the default buffers, mean 0 and variance 1).</extracomment>
        <translation>训练模式下 BatchNorm 无法归一化单个 token（其批方差为 0）；此处显示评估模式，使用默认的运行统计量（均值 0、方差 1），因此只是乘以 γ/√(1 + ε) 再加上 β。</translation>
    </message>
    <message>
        <location filename="../../engine/compute.py" line="199"/>
        <source>The block and depth simulations run BatchNorm in eval mode with the default running statistics (mean 0, variance 1) in every layer: each BatchNorm there only multiplies by γ/√(1 + ε) and adds β.</source>
        <translation>模块与深度模拟在每一层都以评估模式运行 BatchNorm，使用默认的运行统计量（均值 0、方差 1）：那里的每个 BatchNorm 只是乘以 γ/√(1 + ε) 再加上 β。</translation>
    </message>
    <message>
        <location filename="../../engine/compute.py" line="204"/>
        <source>The block and depth simulations run on a single token, where BatchNorm can&apos;t train: they use eval mode with the default running statistics (mean 0, variance 1), so each BatchNorm there only multiplies by γ/√(1 + ε) and adds β (with γ = 1 and β = 0 its curves are the no-norm curves).</source>
        <translation>模块与深度模拟只在一个 token 上运行，此时 BatchNorm 无法训练：它们改用评估模式和默认的运行统计量（均值 0、方差 1），因此那里的每个 BatchNorm 只是乘以 γ/√(1 + ε) 再加上 β（当 γ = 1、β = 0 时，其曲线就是无归一化的曲线）。</translation>
    </message>
</context>
<context>
    <name>RowStatsPlot</name>
    <message>
        <location filename="../../widgets/row_stats_plot.py" line="52"/>
        <source>μ before</source>
        <translation>归一化前 μ</translation>
    </message>
    <message>
        <location filename="../../widgets/row_stats_plot.py" line="52"/>
        <source>σ before</source>
        <translation>归一化前 σ</translation>
    </message>
    <message>
        <location filename="../../widgets/row_stats_plot.py" line="53"/>
        <source>μ after</source>
        <translation>归一化后 μ</translation>
    </message>
    <message>
        <location filename="../../widgets/row_stats_plot.py" line="53"/>
        <source>σ after</source>
        <translation>归一化后 σ</translation>
    </message>
    <message>
        <location filename="../../widgets/row_stats_plot.py" line="58"/>
        <source>value</source>
        <translation>数值</translation>
    </message>
    <message>
        <location filename="../../widgets/row_stats_plot.py" line="62"/>
        <source>no norm</source>
        <translation>无归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/row_stats_plot.py" line="64"/>
        <source>μ and σ per dimension, {kind}</source>
        <translation>每个维度的 μ 与 σ，{kind}</translation>
    </message>
    <message>
        <location filename="../../widgets/row_stats_plot.py" line="64"/>
        <source>dimension (column)</source>
        <translation>维度（列）</translation>
    </message>
    <message>
        <location filename="../../widgets/row_stats_plot.py" line="66"/>
        <source>μ and σ per token, {kind}</source>
        <translation>每个 token 的 μ 与 σ，{kind}</translation>
    </message>
    <message>
        <location filename="../../widgets/row_stats_plot.py" line="66"/>
        <source>token (row)</source>
        <translation>token（行）</translation>
    </message>
</context>
<context>
    <name>ScaleDemo</name>
    <message>
        <location filename="../../widgets/scale_demo.py" line="135"/>
        <source>LayerNorm forgets a row&apos;s scale, and γ/β can&apos;t bring it back</source>
        <translation>LayerNorm 丢掉了一行的尺度，γ/β 也找不回来</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="137"/>
        <source>input x</source>
        <translation>输入 x</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="137"/>
        <source>μ</source>
        <translation>μ</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="137"/>
        <source>σ</source>
        <translation>σ</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="137"/>
        <source>z = (x − μ) / σ</source>
        <translation>z = (x − μ) / σ</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="138"/>
        <source>same z as row 1?</source>
        <translation>z 与第 1 行相同？</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="138"/>
        <source>γ ⊙ z + β</source>
        <translation>γ ⊙ z + β</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="141"/>
        <source>Double-click an input vector to edit it</source>
        <translation>双击输入向量可编辑</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="142"/>
        <source>Reset to 我 吃 苹果</source>
        <translation>恢复为 我 吃 苹果</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="143"/>
        <source>Restore seed 001&apos;s three vectors</source>
        <translation>恢复种子 001 的三个向量</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="201"/>
        <source>“{text}” is not {d} numbers; kept {old}.</source>
        <translation>“{text}”不是 {d} 个数；保留 {old}。</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="213"/>
        <source>苹果</source>
        <translation>苹果</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="213"/>
        <source>吃 = 10 × 苹果</source>
        <translation>吃 = 10 × 苹果</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="213"/>
        <source>苹果, d2 ↔ d3</source>
        <translation>苹果，d2 ↔ d3</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="214"/>
        <source>row {n}</source>
        <translation>第 {n} 行</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="227"/>
        <source>reference</source>
        <translation>参照</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="231"/>
        <source>✗ differs</source>
        <translation>✗ 不同</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="252"/>
        <source>LayerNorm subtracts each row&apos;s own mean and divides by its own standard deviation, so rows that differ only by a shift or a positive scale get the same z: the scale is gone. γ and β then apply one and the same map to every row, so identical z stay identical: γ/β can&apos;t tell [2, 4, 6, 8] from [20, 40, 60, 80]. Swapping dimensions is different: the pattern of highs and lows survives, and so does the difference.</source>
        <translation>LayerNorm 减去每行自己的均值、除以自己的标准差，所以只差一个平移或正的缩放的两行会得到同样的 z：尺度信息丢了。γ 和 β 对每一行施加同一个映射，相同的 z 结果仍然相同：γ/β 分不清 [2, 4, 6, 8] 和 [20, 40, 60, 80]。交换维度则不同：高低的模式保留了下来，差别也就保留了。</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="229"/>
        <source>✓ same</source>
        <translation>✓ 相同</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="259"/>
        <source>γ = {gamma}, β = {beta}: the scenario&apos;s.</source>
        <translation>γ = {gamma}，β = {beta}：来自当前场景。</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="261"/>
        <source>γ = {gamma}, β = {beta}: the scenario has d = {d}, not {n}, so its own γ/β don&apos;t fit these rows.</source>
        <translation>γ = {gamma}，β = {beta}：当前场景 d = {d}，不是 {n}，它的 γ/β 用不到这几行上。</translation>
    </message>
    <message>
        <location filename="../../widgets/scale_demo.py" line="265"/>
        <source>γ = {gamma}, β = {beta} (no scenario yet).</source>
        <translation>γ = {gamma}，β = {beta}（还没有场景）。</translation>
    </message>
</context>
<context>
    <name>StageHeatmaps</name>
    <message>
        <location filename="../../widgets/stage_heatmaps.py" line="111"/>
        <location filename="../../widgets/stage_heatmaps.py" line="113"/>
        <source>Input</source>
        <extracomment>The four stages shown per placement (stage keys of engine.block).</extracomment>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../widgets/stage_heatmaps.py" line="111"/>
        <location filename="../../widgets/stage_heatmaps.py" line="114"/>
        <source>After attention + residual</source>
        <translation>注意力 + 残差之后</translation>
    </message>
    <message>
        <location filename="../../widgets/stage_heatmaps.py" line="112"/>
        <location filename="../../widgets/stage_heatmaps.py" line="113"/>
        <source>After norm ①</source>
        <translation>归一化 ① 之后</translation>
    </message>
    <message>
        <location filename="../../widgets/stage_heatmaps.py" line="112"/>
        <source>After FFN + residual, norm ②</source>
        <translation>FFN + 残差、归一化 ② 之后</translation>
    </message>
    <message>
        <location filename="../../widgets/stage_heatmaps.py" line="114"/>
        <source>After FFN + residual</source>
        <translation>FFN + 残差之后</translation>
    </message>
    <message>
        <location filename="../../widgets/stage_heatmaps.py" line="117"/>
        <source>value</source>
        <translation>数值</translation>
    </message>
</context>
<context>
    <name>StageTable</name>
    <message>
        <location filename="../../widgets/stage_table.py" line="103"/>
        <source>The selected stage&apos;s matrix: rows are tokens, columns are dimensions</source>
        <extracomment>Qt.UserRole returns the cell&apos;s number itself (as a Python float), for tests and scripts.</extracomment>
        <translation>所选阶段的矩阵：行是 token，列是维度</translation>
    </message>
</context>
</TS>
