<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ActivationsView</name>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="164"/>
        <source>ReLU(x) = max(0, x),&amp;nbsp;&amp;nbsp; ReLU′(x) = 1 for x &amp;gt; 0, else 0</source>
        <translation>ReLU(x) = max(0, x),&amp;nbsp;&amp;nbsp; 当 x &amp;gt; 0 时 ReLU′(x) = 1，否则为 0</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="165"/>
        <source>s = softmax(v), s&lt;sub&gt;i&lt;/sub&gt; = e&lt;sup&gt;v&lt;sub&gt;i&lt;/sub&gt;&lt;/sup&gt; / Σ&lt;sub&gt;j&lt;/sub&gt; e&lt;sup&gt;v&lt;sub&gt;j&lt;/sub&gt;&lt;/sup&gt;;&amp;nbsp;&amp;nbsp; ∂s&lt;sub&gt;i&lt;/sub&gt;/∂v&lt;sub&gt;k&lt;/sub&gt; = s&lt;sub&gt;i&lt;/sub&gt; (δ&lt;sub&gt;ik&lt;/sub&gt; − s&lt;sub&gt;k&lt;/sub&gt;). The plot moves v&lt;sub&gt;k&lt;/sub&gt; alone.</source>
        <translation>s = softmax(v), s&lt;sub&gt;i&lt;/sub&gt; = e&lt;sup&gt;v&lt;sub&gt;i&lt;/sub&gt;&lt;/sup&gt; / Σ&lt;sub&gt;j&lt;/sub&gt; e&lt;sup&gt;v&lt;sub&gt;j&lt;/sub&gt;&lt;/sup&gt;;&amp;nbsp;&amp;nbsp; ∂s&lt;sub&gt;i&lt;/sub&gt;/∂v&lt;sub&gt;k&lt;/sub&gt; = s&lt;sub&gt;i&lt;/sub&gt; (δ&lt;sub&gt;ik&lt;/sub&gt; − s&lt;sub&gt;k&lt;/sub&gt;)。图中只改变 v&lt;sub&gt;k&lt;/sub&gt;。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="168"/>
        <source>Swish(x) = x · σ(βx) (β = 1: SiLU),&amp;nbsp;&amp;nbsp; Swish′(x) = s (1 + βx (1 − s)) with s = σ(βx)</source>
        <translation>Swish(x) = x · σ(βx)（β = 1 即 SiLU），&amp;nbsp;&amp;nbsp; Swish′(x) = s (1 + βx (1 − s))，其中 s = σ(βx)</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="170"/>
        <source>GELU(x) = x · Φ(x) = ½ x (1 + erf(x / √2));&amp;nbsp;&amp;nbsp; tanh form: ½ x (1 + tanh(√(2/π) (x + 0.044715 x³)))</source>
        <translation>GELU(x) = x · Φ(x) = ½ x (1 + erf(x / √2))；&amp;nbsp;&amp;nbsp; tanh 近似形式：½ x (1 + tanh(√(2/π) (x + 0.044715 x³)))</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="172"/>
        <source>SwiGLU(x) = (SiLU(x W&lt;sub&gt;1&lt;/sub&gt;) ⊙ x W&lt;sub&gt;3&lt;/sub&gt;) W&lt;sub&gt;2&lt;/sub&gt;. Drawn: SiLU(h) · u over the gate&apos;s input h = (x W&lt;sub&gt;1&lt;/sub&gt;)&lt;sub&gt;i&lt;/sub&gt;, for a fixed u = (x W&lt;sub&gt;3&lt;/sub&gt;)&lt;sub&gt;i&lt;/sub&gt;</source>
        <translation>SwiGLU(x) = (SiLU(x W&lt;sub&gt;1&lt;/sub&gt;) ⊙ x W&lt;sub&gt;3&lt;/sub&gt;) W&lt;sub&gt;2&lt;/sub&gt;。图中画的是 SiLU(h) · u 随门控输入 h = (x W&lt;sub&gt;1&lt;/sub&gt;)&lt;sub&gt;i&lt;/sub&gt; 的变化，u = (x W&lt;sub&gt;3&lt;/sub&gt;)&lt;sub&gt;i&lt;/sub&gt; 固定</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="180"/>
        <source>Squeezes any input into (0, 1): reads as a probability or as a gate that opens and closes</source>
        <translation>把任意输入压进 (0, 1)：可以看作概率，或一个可开可关的门</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="181"/>
        <source>Smooth and monotonic, with a derivative written in its own output</source>
        <translation>平滑且单调，导数可以直接用它自己的输出表示</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="183"/>
        <source>Saturates: beyond |x| ≈ 5 the slope is almost 0, and it is never above ¼, so a deep stack of sigmoids shrinks the gradient layer by layer</source>
        <translation>会饱和：|x| 超过约 5 时斜率几乎为 0，且斜率最大也只有 ¼，因此多层 sigmoid 堆叠会让梯度逐层变小</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="185"/>
        <source>Its outputs are all positive (not centred on 0), which pushes the next layer&apos;s weight updates in one direction</source>
        <translation>输出全为正（不以 0 为中心），使下一层权重的更新方向趋于一致</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="187"/>
        <source>Needs an exponential</source>
        <translation>需要计算指数</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="190"/>
        <source>Centred on 0, range (−1, 1): the next layer gets inputs of both signs</source>
        <translation>以 0 为中心，取值范围 (−1, 1)：下一层得到有正有负的输入</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="191"/>
        <source>Its slope at 0 is 1, four times the sigmoid&apos;s; DyT uses tanh(αx) in place of a norm</source>
        <translation>在 0 处斜率为 1，是 sigmoid 的四倍；DyT 用 tanh(αx) 代替归一化层</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="193"/>
        <source>Saturates in both tails as the sigmoid does: the gradient still vanishes for large |x|</source>
        <translation>和 sigmoid 一样在两端饱和：|x| 较大时梯度仍会消失</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="194"/>
        <source>Needs exponentials</source>
        <translation>需要计算指数</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="197"/>
        <source>Almost free to compute: one comparison</source>
        <translation>计算几乎不花代价：只需一次比较</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="198"/>
        <source>Slope exactly 1 for every positive input: no saturation on that side</source>
        <translation>对所有正输入斜率恰为 1：正半轴不会饱和</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="199"/>
        <source>Sparse: about half the units are exactly 0</source>
        <translation>稀疏：大约一半的单元恰好为 0</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="201"/>
        <source>Slope 0 for negative inputs: a unit whose input stays negative gets no gradient and stops learning (a &quot;dead&quot; ReLU)</source>
        <translation>负输入处斜率为 0：输入一直为负的单元得不到梯度，不再学习（“死亡” ReLU）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="203"/>
        <source>A kink at 0, and its outputs are unbounded and not centred on 0</source>
        <translation>在 0 处有折点，输出无上界且不以 0 为中心</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="206"/>
        <source>Turns any vector of scores into a probability distribution (positive, summing to 1) and keeps their order: the output layer of a classifier, and attention&apos;s weights</source>
        <translation>把任意一组分数变成概率分布（全为正、和为 1），并保持大小顺序：用于分类器的输出层和注意力权重</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="208"/>
        <source>Its backward pass is short: s ⊙ (g − ⟨s, g⟩)</source>
        <translation>反向传播很简洁：s ⊙ (g − ⟨s, g⟩)</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="210"/>
        <source>Not element-wise: every output depends on every input</source>
        <translation>不是逐元素的：每个输出都依赖所有输入</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="211"/>
        <source>Only differences count (adding a constant to v changes nothing); large differences make it nearly one-hot and its gradient nearly 0, hence attention&apos;s division by √d</source>
        <translation>只有差值起作用（给 v 加一个常数不改变结果）；差值很大时输出接近 one-hot，梯度接近 0，这正是注意力要除以 √d 的原因</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="213"/>
        <source>exp overflows unless the maximum is subtracted first (done here, as PyTorch does)</source>
        <translation>不先减去最大值时 exp 会溢出（这里和 PyTorch 一样先减去最大值）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="216"/>
        <source>Smooth, and lets small negative values through (lowest value about −0.28, at x ≈ −1.28 for β = 1) instead of cutting them to 0</source>
        <translation>平滑，并让较小的负值通过（β = 1 时最小值约 −0.28，在 x ≈ −1.28 处），而不是一律截成 0</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="218"/>
        <source>β moves it between x/2 (β = 0) and ReLU (β → ∞)</source>
        <translation>β 让它在 x/2（β = 0）与 ReLU（β → ∞）之间变化</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="219"/>
        <source>SiLU is the gate of SwiGLU</source>
        <translation>SiLU 就是 SwiGLU 的门控</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="221"/>
        <source>Not monotonic: the dip below 0 is harder to reason about</source>
        <translation>不单调：0 以下的凹陷更难直观分析</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="222"/>
        <source>Costs an exponential; no outputs that are exactly 0</source>
        <translation>需要计算指数；没有恰好为 0 的输出</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="225"/>
        <source>Smooth everywhere, with no kink at 0 like ReLU&apos;s</source>
        <translation>处处平滑，不像 ReLU 那样在 0 处有折点</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="226"/>
        <source>Keeps a little of negative inputs (lowest value about −0.17 at x ≈ −0.75): fewer dead units</source>
        <translation>保留少量负输入的信息（最小值约 −0.17，在 x ≈ −0.75 处）：更少“死亡”单元</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="227"/>
        <source>Weighs x by the chance Φ(x) that a standard normal value is below it, a smooth, deterministic cousin of dropout; the activation of BERT, GPT-2 and ViT</source>
        <translation>用标准正态变量小于 x 的概率 Φ(x) 给 x 加权，可看作 dropout 的平滑、确定性版本；BERT、GPT-2 和 ViT 都用它</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="230"/>
        <source>Needs erf, or the tanh form, which differs from it by up to about 5·10⁻⁴ (the dotted curve, magnified): a model should run with the form it was trained with</source>
        <translation>需要 erf，或用 tanh 近似，两者最多相差约 5·10⁻⁴（点线为放大后的差值）：模型推理时应使用训练时的那种形式</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="232"/>
        <source>A little more work than ReLU</source>
        <translation>计算量比 ReLU 稍大</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="235"/>
        <source>A gate: one projection through SiLU decides, element by element, how much of a second, linear projection passes</source>
        <translation>门控：一路投影经过 SiLU 后逐元素决定另一路线性投影能通过多少</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="237"/>
        <source>Better results per unit of compute in practice: the FFN of PaLM, LLaMA and Mistral</source>
        <translation>实践中同等计算量下效果更好：PaLM、LLaMA 和 Mistral 的 FFN 都用它</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="238"/>
        <source>No saturation: along u the output is linear, so the gradient keeps flowing</source>
        <translation>不饱和：沿 u 方向输出是线性的，梯度可以持续流动</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="240"/>
        <source>A third weight matrix: 1.5 × the FFN&apos;s weights at the same hidden width (models shrink the width to about 8/3 · d to make up for it)</source>
        <translation>多一个权重矩阵：相同隐藏宽度下 FFN 参数是原来的 1.5 倍（模型因此把宽度缩小到约 8/3 · d）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="242"/>
        <source>A product of two projections grows with the square of the input&apos;s scale: a source of very large activations</source>
        <translation>两路投影的乘积随输入尺度的平方增长：这是超大激活值的一个来源</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="249"/>
        <source>GELU, erf form (exact)</source>
        <translation>GELU，erf 形式（精确）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="249"/>
        <source>GELU, tanh form</source>
        <translation>GELU，tanh 近似形式</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="250"/>
        <source>derivative (erf form)</source>
        <translation>导数（erf 形式）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="251"/>
        <source>(erf form − tanh form) × {k}</source>
        <translation>（erf 形式 − tanh 形式）× {k}</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="253"/>
        <source>s_k as v_k varies</source>
        <translation>s_k 随 v_k 的变化</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="255"/>
        <source>SiLU(h) · u, u = {u}</source>
        <translation>SiLU(h) · u，u = {u}</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="257"/>
        <source>derivative</source>
        <translation>导数</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="265"/>
        <source>Pick an activation function</source>
        <translation>选择一个激活函数</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="267"/>
        <source>Swish&apos;s β: 1 gives SiLU, 0 the line x/2, large values approach ReLU</source>
        <translation>Swish 的 β：1 即 SiLU，0 为直线 x/2，取值很大时接近 ReLU</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="268"/>
        <source>Vector v</source>
        <translation>向量 v</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="269"/>
        <source>A few numbers, separated by commas or spaces</source>
        <translation>几个数字，用逗号或空格分隔</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="270"/>
        <source>entry k</source>
        <translation>第 k 个分量</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="271"/>
        <source>The entry of v that the plot moves, the others held fixed</source>
        <translation>图中改变的 v 的分量，其余分量保持不变</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="272"/>
        <source>linear branch u</source>
        <translation>线性分支 u</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="273"/>
        <source>The value of the linear projection x W₃ that the gate multiplies</source>
        <translation>门控所乘的线性投影 x W₃ 的值</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="309"/>
        <source>“{text}” is not 2 to {n} numbers; kept {old}.</source>
        <translation>“{text}” 不是 2 到 {n} 个数字；保留原值 {old}。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="323"/>
        <source>{name} and its derivative</source>
        <translation>{name} 及其导数</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="340"/>
        <source>softmax(v) = {s} (sum 1);  ∂softmax(v)/∂v_{k} = {column} (sums to 0: raising one score takes probability from all the others)</source>
        <translation>softmax(v) = {s}（和为 1）；  ∂softmax(v)/∂v_{k} = {column}（和为 0：提高一个分数会从其他所有分量那里拿走概率）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="344"/>
        <source>Pros</source>
        <translation>优点</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/activations_view.py" line="345"/>
        <source>Cons</source>
        <translation>缺点</translation>
    </message>
</context>
<context>
    <name>ArrayTableModel</name>
    <message>
        <location filename="../../widgets/editors/matrix_model.py" line="94"/>
        <source>Cell {token}, d{dim} refused: {reason}</source>
        <translation>单元格 {token}, d{dim} 未接受：{reason}</translation>
    </message>
</context>
<context>
    <name>Autosave</name>
    <message>
        <location filename="../../app/window/autosave.py" line="147"/>
        <source>every autosave file in {folder} is in use by another NormScope</source>
        <extracomment>How often the training runs are looked at while a snapshot may be missing their newest steps.</extracomment>
        <translation>{folder} 中的每个自动保存文件都被另一个 NormScope 占用</translation>
    </message>
    <message>
        <location filename="../../app/window/autosave.py" line="267"/>
        <source>Restore autosaved work</source>
        <translation>恢复自动保存的工作</translation>
    </message>
    <message>
        <location filename="../../app/window/autosave.py" line="279"/>
        <source>{problem}; it could not be set aside either ({error})</source>
        <translation>{problem}；也无法把它移到一旁（{error}）</translation>
    </message>
    <message>
        <location filename="../../app/window/autosave.py" line="280"/>
        <source>{problem}; it was set aside as {name}</source>
        <translation>{problem}；已将它移到一旁，改名为 {name}</translation>
    </message>
</context>
<context>
    <name>BackgroundLoad</name>
    <message>
        <location filename="../../widgets/common/background_work.py" line="97"/>
        <source>Cancel</source>
        <extracomment>Work shorter than this shows no dialog at all (no flash for the seed&apos;s 6 × 4 files). What a person does to a window; swallowed while work for it runs (before the dialog shows, window modality does not hold yet, and a second open or an edit would interleave with it).</extracomment>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>BatchNormLab</name>
    <message>
        <location filename="../../widgets/teaching/batchnorm_lab.py" line="103"/>
        <source>&amp;Token:</source>
        <translation> token (&amp;T)：</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_lab.py" line="104"/>
        <source>The token followed in “Batch size” and “One token”</source>
        <translation>“批大小”和“单个 token ”两页跟踪的 token </translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_lab.py" line="105"/>
        <source>Training &amp;steps:</source>
        <translation>训练步数(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_lab.py" line="106"/>
        <source>BatchNorm training steps over all tokens that fill the running statistics used by “One token” and “Running statistics”</source>
        <translation>在全部 token 上做的 BatchNorm 训练步数，用来积累“单个 token ”和“滑动统计量”两页用到的滑动统计量</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_lab.py" line="108"/>
        <source>Batch size changes BatchNorm, not LayerNorm</source>
        <translation>批大小改变 BatchNorm，不改变 LayerNorm</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_lab.py" line="109"/>
        <source>One token</source>
        <translation>单个 token </translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_lab.py" line="110"/>
        <source>Running statistics</source>
        <translation>滑动统计量</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_lab.py" line="117"/>
        <source>Only the first {n} of the {total} tokens are used.</source>
        <translation>只使用了 {total} 个 token 中的前 {n} 个。</translation>
    </message>
</context>
<context>
    <name>BatchSizeLesson</name>
    <message>
        <location filename="../../widgets/teaching/batchnorm_batch_size.py" line="124"/>
        <source>{token}: output per dimension as the batch grows</source>
        <extracomment>Up to this many dimensions, the plot draws each one; above, the distance to the full-batch row.</extracomment>
        <translation>{token}：批变大时各维度的输出</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_batch_size.py" line="125"/>
        <source>normalized output</source>
        <translation>归一化输出</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_batch_size.py" line="127"/>
        <source>{token}: distance to its output in the full batch</source>
        <translation>{token}：与完整批次中输出的距离</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_batch_size.py" line="128"/>
        <source>‖output − full-batch output‖₂</source>
        <translation>‖输出 − 完整批次输出‖₂</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_batch_size.py" line="129"/>
        <source>batch size k (tokens normalized together)</source>
        <translation>批大小 k（一起归一化的 token 数）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_batch_size.py" line="130"/>
        <source>BatchNorm ✗</source>
        <translation>BatchNorm ✗</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_batch_size.py" line="136"/>
        <source>BatchNorm (solid)</source>
        <translation>BatchNorm（实线）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_batch_size.py" line="137"/>
        <source>LayerNorm (dashed)</source>
        <translation>LayerNorm（虚线）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_batch_size.py" line="139"/>
        <source>BatchNorm</source>
        <translation>BatchNorm</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_batch_size.py" line="140"/>
        <source>LayerNorm</source>
        <translation>LayerNorm</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_batch_size.py" line="145"/>
        <source>No scenario yet.</source>
        <translation>还没有场景。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_batch_size.py" line="148"/>
        <source>Batch k holds the first k tokens, always including {token}. BatchNorm (solid, markers) normalizes each dimension over the tokens in the batch, so {token}&apos;s output moves as tokens join (a single value moves by up to {bn} here). LayerNorm (dashed) only uses {token}&apos;s own row: its output is the same for every k (change {ln}).</source>
        <translation>批 k 含前 k 个 token ，且总包含{token}。BatchNorm（实线、带标记）对批内 token 按维度归一化，所以有 token 加入时{token}的输出会跟着变（这里单个值最多变 {bn}）。LayerNorm（虚线）只用{token}自己这一行：对每个 k 输出都一样（变化 {ln}）。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_batch_size.py" line="153"/>
        <source>At k = 1 BatchNorm refuses: one value per dimension has no spread to normalize by.</source>
        <translation>k = 1 时 BatchNorm 拒绝计算：每个维度只有一个值，没有离散程度可用来归一化。</translation>
    </message>
</context>
<context>
    <name>BlockFlow</name>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="188"/>
        <source>Pre-Norm block</source>
        <extracomment>Stage keys in display order per placement, exactly as ``engine.core.block.block_with_grad`` orders them. Mix-LN&apos;s first block is drawn as the block it is (Post-Norm once N ≥ 4, else Pre-Norm). Residual bypasses per placement: (stage whose output is carried around, the ⊕ stage it joins). Box fill per kind of step; the text in each box names the step too, so colour is a second cue. A ⊕ node&apos;s slot, as a share of a box&apos;s, where the boxes are cramped (BlockFlow._geometry).</extracomment>
        <translation>Pre-Norm Block</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="189"/>
        <source>Post-Norm block</source>
        <translation>Post-Norm Block</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="190"/>
        <source>h = x + Attn(N₁(x)),   y = h + FFN(N₂(h))</source>
        <translation>h = x + Attn(N₁(x)),   y = h + FFN(N₂(h))</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="191"/>
        <source>h = N₁(x + Attn(x)),   y = N₂(h + FFN(h))</source>
        <translation>h = N₁(x + Attn(x)),   y = N₂(h + FFN(h))</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="192"/>
        <source>Peri-Norm block</source>
        <translation>Peri-Norm Block</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="193"/>
        <source>h = x + N₁′(Attn(N₁(x))),   y = h + N₂′(FFN(N₂(h)))</source>
        <translation>h = x + N₁′(Attn(N₁(x))),   y = h + N₂′(FFN(N₂(h)))</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="194"/>
        <source>DeepNorm block, α = {alpha:.3f}</source>
        <translation>DeepNorm Block，α = {alpha:.3f}</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="195"/>
        <source>h = N₁(α·x + Attn(x)),   y = N₂(α·h + FFN(h))</source>
        <translation>h = N₁(α·x + Attn(x)),   y = N₂(α·h + FFN(h))</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="196"/>
        <source>Mix-LN: layers 1–{k} Post-Norm, then Pre-Norm</source>
        <translation>Mix-LN：第 1–{k} 层为 Post-Norm，之后为 Pre-Norm</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="197"/>
        <source>Mix-LN: every layer Pre-Norm (N &lt; 4)</source>
        <translation>Mix-LN：每层都是 Pre-Norm（N &lt; 4）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="198"/>
        <source>②′ {norm}</source>
        <translation>②′ {norm}</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="199"/>
        <source>④′ {norm}</source>
        <translation>④′ {norm}</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="200"/>
        <source>+α·x</source>
        <translation>+α·x</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="201"/>
        <source>+α·h</source>
        <translation>+α·h</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="205"/>
        <source>②′ N₁′(Attn(N₁(x))): the attention output normalized too</source>
        <translation>②′ N₁′(Attn(N₁(x)))：注意力输出也被归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="206"/>
        <source>⊕ h = x + N₁′(Attn(N₁(x))): the first residual sum</source>
        <translation>⊕ h = x + N₁′(Attn(N₁(x)))：第一次残差相加</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="209"/>
        <source>④′ N₂′(FFN(N₂(h))): the FFN output normalized too</source>
        <translation>④′ N₂′(FFN(N₂(h)))：FFN 输出也被归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="210"/>
        <source>⊕ y = h + N₂′(FFN(N₂(h))): the block&apos;s output</source>
        <translation>⊕ y = h + N₂′(FFN(N₂(h)))：Block 的输出</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="213"/>
        <source>⊕ α·x + Attn(x): the residual weighted by α</source>
        <translation>⊕ α·x + Attn(x)：残差按 α 加权</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="214"/>
        <source>① h = N₁(α·x + Attn(x)): the sum normalized</source>
        <translation>① h = N₁(α·x + Attn(x))：对和做归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="216"/>
        <source>⊕ α·h + FFN(h): the second residual sum</source>
        <translation>⊕ α·h + FFN(h)：第二次残差相加</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="217"/>
        <source>③ y = N₂(α·h + FFN(h)): the block&apos;s output</source>
        <translation>③ y = N₂(α·h + FFN(h))：Block 的输出</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="218"/>
        <source>x (input)</source>
        <translation>x（输入）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="219"/>
        <source>① {norm}</source>
        <translation>① {norm}</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="220"/>
        <source>② Multi-head attention</source>
        <translation>② 多头自注意力</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="221"/>
        <source>③ {norm}</source>
        <translation>③ {norm}</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="222"/>
        <source>④ FFN</source>
        <translation>④ 前馈网络 FFN</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="223"/>
        <source>norm off (identity)</source>
        <translation>不归一化（恒等）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="224"/>
        <source>residual add</source>
        <translation>残差相加</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="225"/>
        <source>+x</source>
        <translation>+x</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="226"/>
        <location filename="../../widgets/teaching/block_flow.py" line="227"/>
        <source>+h</source>
        <translation>+h</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="228"/>
        <source>y → next block</source>
        <translation>y → 下一个 Block</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="202"/>
        <location filename="../../widgets/teaching/block_flow.py" line="211"/>
        <location filename="../../widgets/teaching/block_flow.py" line="229"/>
        <location filename="../../widgets/teaching/block_flow.py" line="236"/>
        <source>x: the block&apos;s input tokens</source>
        <translation>x：Block 的输入 token</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="203"/>
        <location filename="../../widgets/teaching/block_flow.py" line="230"/>
        <source>① N₁(x): each token normalized before attention</source>
        <translation>① N₁(x)：进入注意力前先把每个 token 归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="204"/>
        <location filename="../../widgets/teaching/block_flow.py" line="231"/>
        <source>② Attn(N₁(x)): the multi-head self-attention output</source>
        <translation>② Attn(N₁(x))：多头自注意力的输出</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="232"/>
        <source>⊕ h = x + Attn(N₁(x)): the first residual sum</source>
        <translation>⊕ h = x + Attn(N₁(x))：第一次残差相加</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="207"/>
        <location filename="../../widgets/teaching/block_flow.py" line="233"/>
        <source>③ N₂(h): normalized again before the FFN</source>
        <translation>③ N₂(h)：进入 FFN 前再归一化一次</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="208"/>
        <location filename="../../widgets/teaching/block_flow.py" line="234"/>
        <source>④ FFN(N₂(h)): the feed-forward output</source>
        <translation>④ FFN(N₂(h))：前馈网络的输出</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="235"/>
        <source>⊕ y = h + FFN(N₂(h)): the block&apos;s output</source>
        <translation>⊕ y = h + FFN(N₂(h))：Block 的输出</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="212"/>
        <location filename="../../widgets/teaching/block_flow.py" line="237"/>
        <source>② Attn(x): attention on the raw input</source>
        <translation>② Attn(x)：直接对输入做注意力</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="238"/>
        <source>⊕ x + Attn(x): the first residual sum</source>
        <translation>⊕ x + Attn(x)：第一次残差相加</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="239"/>
        <source>① h = N₁(x + Attn(x)): the sum normalized</source>
        <translation>① h = N₁(x + Attn(x))：对和做归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="215"/>
        <location filename="../../widgets/teaching/block_flow.py" line="240"/>
        <source>④ FFN(h): the feed-forward output</source>
        <translation>④ FFN(h)：前馈网络的输出</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="241"/>
        <source>⊕ h + FFN(h): the second residual sum</source>
        <translation>⊕ h + FFN(h)：第二次残差相加</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="242"/>
        <source>③ y = N₂(h + FFN(h)): the block&apos;s output</source>
        <translation>③ y = N₂(h + FFN(h))：Block 的输出</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="243"/>
        <source>Click a step, or press Step ▶ to walk through the block.</source>
        <translation>点击某一步，或按「下一步 ▶」逐步走完整个 Block。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="244"/>
        <source>Selected: {description}</source>
        <translation>当前：{description}</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="246"/>
        <source>◀</source>
        <translation>◀</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="247"/>
        <source>Previous step</source>
        <translation>上一步</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="248"/>
        <source>Step ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="249"/>
        <source>Next step (wraps around)</source>
        <translation>下一步（到末尾后回到开头）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/block_flow.py" line="250"/>
        <source>One Transformer block: click a step to show its output</source>
        <translation>一个 Transformer Block：点击某一步查看它的输出</translation>
    </message>
</context>
<context>
    <name>BusyIndicator</name>
    <message>
        <location filename="../../widgets/common/busy_indicator.py" line="58"/>
        <source>Simulating the stacked blocks</source>
        <translation>正在模拟堆叠的 Block</translation>
    </message>
    <message>
        <location filename="../../widgets/common/busy_indicator.py" line="59"/>
        <source>Computing the block simulation…</source>
        <translation>正在计算 Block 模拟…</translation>
    </message>
</context>
<context>
    <name>CompareActions</name>
    <message>
        <location filename="../../app/window/compare_actions.py" line="28"/>
        <source>&amp;Pin as A</source>
        <extracomment>The keys of the three actions; tests/test_main_window checks that no other action claims them.</extracomment>
        <translation>固定为 A(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/window/compare_actions.py" line="29"/>
        <source>Keep the current settings and their curves as A: change anything, and every plot draws A dashed beside the current curves (B)</source>
        <translation>把当前设置及其曲线固定为 A：之后改动任何设置，每个图都会在当前曲线 (B) 旁用虚线画出 A</translation>
    </message>
    <message>
        <location filename="../../app/window/compare_actions.py" line="32"/>
        <source>&amp;Swap A and B</source>
        <translation>交换 A 和 B(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../app/window/compare_actions.py" line="33"/>
        <source>Make A&apos;s settings the current ones and pin the current ones as A (one undo step)</source>
        <translation>让 A 的设置成为当前设置，并把当前设置固定为 A（一步撤销）</translation>
    </message>
    <message>
        <location filename="../../app/window/compare_actions.py" line="36"/>
        <source>&amp;Clear A</source>
        <translation>清除 A(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../app/window/compare_actions.py" line="36"/>
        <source>Forget A: the plots show B alone</source>
        <translation>清除 A：图中只显示 B</translation>
    </message>
    <message>
        <location filename="../../app/window/compare_actions.py" line="74"/>
        <source>A is pinned: change any setting and the plots draw A dashed beside it; the Differences tab beside Settings lists what differs.</source>
        <translation>A 已固定：改动任何设置，图中都会在旁边用虚线画出 A；“设置”旁的“差异”标签页列出不同之处。</translation>
    </message>
</context>
<context>
    <name>ControlsPanel</name>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="102"/>
        <source>Norm</source>
        <extracomment>field -&gt; (objectName, values); the texts shown for them come from ``_texts``. field -&gt; objectName of its check box. field -&gt; (objectName, widget class, step, decimals); the range is the setting&apos;s (engine.setup.limits).</extracomment>
        <translation>归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="102"/>
        <source>LayerNorm and RMSNorm normalize each token (row); BatchNorm each dimension (column); DyT squashes each value without statistics</source>
        <translation>LayerNorm 和 RMSNorm 对每个词元（行）归一化；BatchNorm 对每个维度（列）归一化；DyT 不统计，直接压缩每个值</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="105"/>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="106"/>
        <source>DyT α</source>
        <translation>DyT α</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="106"/>
        <source>DyT&apos;s α in γ ⊙ tanh(α·x) + β (the paper&apos;s default 0.5)</source>
        <translation>DyT 中 γ ⊙ tanh(α·x) + β 的 α（论文默认 0.5）</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="107"/>
        <source>Placement</source>
        <translation>位置</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="107"/>
        <source>Where the norm sits relative to the residual connection</source>
        <translation>归一化相对于残差连接的位置</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="108"/>
        <source>Pre-Norm  x + F(N(x))</source>
        <translation>Pre-Norm  x + F(N(x))</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="108"/>
        <source>Post-Norm  N(x + F(x))</source>
        <translation>Post-Norm  N(x + F(x))</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="109"/>
        <source>Peri-Norm  x + N(F(N(x)))</source>
        <translation>Peri-Norm  x + N(F(N(x)))</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="110"/>
        <source>DeepNorm  N(α·x + F(x))</source>
        <translation>DeepNorm  N(α·x + F(x))</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="111"/>
        <source>Mix-LN  Post, then Pre</source>
        <translation>Mix-LN  先 Post 后 Pre</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="112"/>
        <source>Normalize each head&apos;s queries and keys before their dot product (QK-Norm; RMSNorm under RMSNorm, LayerNorm otherwise): it bounds the attention logits</source>
        <translation>在点积之前对每个注意力头的查询和键做归一化（QK-Norm；RMSNorm 下用 RMSNorm，否则用 LayerNorm）：它限制了注意力 logit 的大小</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="114"/>
        <source>Scale each Pre-Norm norm&apos;s output by 1/√l in layer l (LayerNorm scaling, Sun et al. 2025, &quot;The Curse of Depth&quot;)</source>
        <translation>第 l 层中 Pre-Norm 各归一化的输出乘以 1/√l（LayerNorm 缩放，Sun 等 2025，《The Curse of Depth》）</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="116"/>
        <source>Initialisation</source>
        <translation>初始化</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="116"/>
        <source>How the stacked blocks&apos; random weights are drawn</source>
        <translation>堆叠各层随机权重的抽取方式</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="117"/>
        <source>fan-in  N(0, 1/fan_in)</source>
        <translation>fan-in  N(0, 1/fan_in)</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="117"/>
        <source>Xiong et al.  FFN width d</source>
        <translation>Xiong 等  FFN 宽度 d</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="118"/>
        <source>every matrix N(0, 1/d)</source>
        <translation>每个矩阵 N(0, 1/d)</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="119"/>
        <source>ε, added to the variance inside the square root (PyTorch&apos;s default 1e-5)</source>
        <translation>ε：加在根号内的方差上（PyTorch 默认 1e-5）</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="120"/>
        <source>Layers N</source>
        <translation>层数 N</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="120"/>
        <source>Number of stacked blocks in the depth and gradient plots</source>
        <translation>深度图与梯度图中堆叠的 Block 数</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="121"/>
        <source>BatchNorm mode</source>
        <translation>BatchNorm 模式</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="121"/>
        <source>Training normalizes with the batch&apos;s statistics; eval with the running ones</source>
        <translation>训练模式用本批统计量归一化；推理模式用滑动统计量</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="122"/>
        <source>train (batch statistics)</source>
        <translation>训练（批统计量）</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="122"/>
        <source>eval (running statistics)</source>
        <translation>推理（滑动统计量）</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="123"/>
        <source>BN momentum</source>
        <translation>BN 动量</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="123"/>
        <source>running = (1 − momentum) · running + momentum · batch</source>
        <translation>滑动值 = (1 − 动量) · 滑动值 + 动量 · 本批值</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="124"/>
        <source>FFN activation</source>
        <translation>FFN 激活函数</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="124"/>
        <source>The feed-forward network&apos;s non-linearity</source>
        <translation>前馈网络的非线性函数</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="125"/>
        <source>GELU (tanh approximation)</source>
        <translation>GELU（tanh 近似）</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="127"/>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="127"/>
        <source>Number of attention heads; must divide the number of dimensions</source>
        <translation>注意力头的个数；须整除维度数</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="128"/>
        <source>Each token attends only to itself and earlier tokens, as in a decoder</source>
        <translation>每个 token 只看自己和之前的 token（解码器的做法）</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="129"/>
        <source>Random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="129"/>
        <source>Seed of the stacked blocks&apos; random weights</source>
        <translation>堆叠 Block 随机权重的种子</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="130"/>
        <source>Toy a</source>
        <translation>玩具例 a</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="130"/>
        <location filename="../../widgets/editors/controls_panel.py" line="131"/>
        <source>The seed&apos;s toy explosion: v ← a·v + b per layer</source>
        <translation>文中的玩具例：每层 v ← a·v + b</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="131"/>
        <source>Toy b</source>
        <translation>玩具例 b</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="137"/>
        <source>(x − μ) / √(σ² + ε) · γ + β, per token</source>
        <translation>(x − μ) / √(σ² + ε) · γ + β，按词元</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="138"/>
        <source>x / √(mean(x²) + ε) · γ, per token: no centring, no β</source>
        <translation>x / √(mean(x²) + ε) · γ，按词元：不减均值，没有 β</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="139"/>
        <source>(x − μ) / √(σ² + ε) · γ + β, per dimension over the tokens</source>
        <translation>(x − μ) / √(σ² + ε) · γ + β，按维度、跨词元统计</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="140"/>
        <source>γ ⊙ tanh(α·x) + β: no statistics at all (Zhu et al. 2025)</source>
        <translation>γ ⊙ tanh(α·x) + β：完全不做统计（Zhu 等 2025）</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="141"/>
        <source>the block without any norm</source>
        <translation>不含任何归一化的 Block</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="143"/>
        <source>x + F(N(x)): the residual stream is never normalized (GPT-2, Llama)</source>
        <translation>x + F(N(x))：残差流本身从不被归一化（GPT-2、Llama）</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="144"/>
        <source>N(x + F(x)): the original Transformer&apos;s; every block ends normalized</source>
        <translation>N(x + F(x))：原始 Transformer 的做法；每个 Block 的输出都经过归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="145"/>
        <source>x + N_out(F(N_in(x))): a norm before and after each sublayer (Peri-LN, sandwich; Ding et al. 2021, Kim et al. 2025)</source>
        <translation>x + N_out(F(N_in(x)))：每个子层前后各有一个归一化（Peri-LN，三明治式；Ding 等 2021，Kim 等 2025）</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="147"/>
        <source>N(α·x + F(x)) with α = (2N)^¼ and the value, output and FFN weights scaled by β = (8N)^−¼ (Wang et al. 2022)</source>
        <translation>N(α·x + F(x))，其中 α = (2N)^¼，value、输出和 FFN 权重按 β = (8N)^−¼ 缩放（Wang 等 2022）</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="149"/>
        <source>Post-Norm in the first ⌊N/4⌋ layers, Pre-Norm after (Li et al. 2025)</source>
        <translation>前 ⌊N/4⌋ 层用 Post-Norm，之后用 Pre-Norm（Li 等 2025）</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="151"/>
        <source>each matrix N(0, 1/fan_in): the FFN&apos;s down projection N(0, 1/(4d))</source>
        <translation>每个矩阵 N(0, 1/fan_in)：FFN 的下投影为 N(0, 1/(4d))</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="152"/>
        <source>the setting of Xiong et al. (2020)&apos;s analysis: an FFN as wide as the model, every matrix N(0, 1/d)</source>
        <translation>Xiong 等（2020）分析所用的设置：FFN 与模型同宽，每个矩阵 N(0, 1/d)</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="154"/>
        <source>every matrix N(0, 1/d) with a 4d-wide FFN: the FFN branch carries twice its input&apos;s variance (NormScope before 2026-12)</source>
        <translation>每个矩阵 N(0, 1/d)、FFN 宽 4d：FFN 分支的方差是其输入的两倍（NormScope 2026-12 之前的做法）</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="158"/>
        <source>x · Φ(x), Φ the standard normal CDF (exact, with erf; PyTorch&apos;s default)</source>
        <translation>x · Φ(x)，Φ 为标准正态分布函数（用 erf 精确计算；PyTorch 的默认方式）</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="159"/>
        <source>½ x (1 + tanh(√(2/π) (x + 0.044715 x³))), GELU&apos;s tanh approximation (GPT-2)</source>
        <translation>½ x (1 + tanh(√(2/π) (x + 0.044715 x³)))，GELU 的 tanh 近似（GPT-2 使用）</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="160"/>
        <source>x · sigmoid(x): Swish with β = 1, also called SiLU</source>
        <translation>x · sigmoid(x)：β = 1 的 Swish，也叫 SiLU</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="161"/>
        <source>SiLU(x W₁) ⊙ (x W₃), then W₂: a gated FFN with a third matrix</source>
        <translation>SiLU(x W₁) ⊙ (x W₃)，再乘 W₂：多一个矩阵的门控 FFN</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="175"/>
        <source>Causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="176"/>
        <source>QK-Norm</source>
        <translation>QK-Norm</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="177"/>
        <source>LayerNorm scaling 1/√l</source>
        <translation>LayerNorm 缩放 1/√l</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="186"/>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="186"/>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="192"/>
        <source>{setting}: {value}</source>
        <translation>{setting}：{value}</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/controls_panel.py" line="200"/>
        <source>ε refused: {error}</source>
        <translation>ε 未接受：{error}</translation>
    </message>
</context>
<context>
    <name>CrashGuard</name>
    <message>
        <location filename="../../app/window/crash_guard.py" line="52"/>
        <source>NormScope: unexpected error</source>
        <translation>NormScope：意外错误</translation>
    </message>
    <message>
        <location filename="../../app/window/crash_guard.py" line="54"/>
        <source>Your data is unchanged. Details were written to {path}.</source>
        <translation>你的数据没有改变。详情已写入 {path}。</translation>
    </message>
    <message>
        <location filename="../../app/window/crash_guard.py" line="57"/>
        <source>Your data is unchanged. The details below are not logged: {folder} can&apos;t be written.</source>
        <translation>你的数据没有改变。下面的详情没有写入日志：{folder} 无法写入。</translation>
    </message>
    <message>
        <location filename="../../app/window/crash_guard.py" line="67"/>
        <source>No log file this time: {folder} can&apos;t be written ({error}).</source>
        <translation>本次没有日志文件：{folder} 无法写入（{error}）。</translation>
    </message>
</context>
<context>
    <name>DepthLawsCaption</name>
    <message>
        <location filename="../../widgets/plots/depth_laws_caption.py" line="207"/>
        <source>No norm</source>
        <translation>无归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_laws_caption.py" line="238"/>
        <source>RMS ×{growth:.3g} over {n} layers</source>
        <translation>{n} 层内 RMS ×{growth:.3g}</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_laws_caption.py" line="166"/>
        <source>{page}/{pages}: click or scroll for more</source>
        <extracomment>Below this height of the page it sits on, the caption steps aside: the plots need the room more. The caption&apos;s text size over the application&apos;s: a side note, but scaled with it (presentation mode&apos;s F11).</extracomment>
        <translation>{page}/{pages}：点击或滚动查看其余</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_laws_caption.py" line="199"/>
        <source>Measured from the curves above for these settings: the words follow the curve&apos;s shape from layer 1 on (flat within 15%, a straight line on the log axis, or RMS² growing linearly); the numbers are RMS after the last layer over the input&apos;s, the slope of a straight line fitted to RMS² against the layer, and the last layer&apos;s weight-gradient norm over the first layer&apos;s</source>
        <translation>按当前设置从上面的曲线测得：文字描述第 1 层起曲线的形状（15% 以内持平、对数轴上的直线，或 RMS² 线性增长）；数字为最后一层与输入的 RMS 之比、RMS² 对层数拟合直线的斜率，以及最后一层与第一层权重梯度范数之比</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_laws_caption.py" line="220"/>
        <source>stays flat (near {level}) after layer 1</source>
        <translation>第 1 层后保持平稳（约 {level}）</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_laws_caption.py" line="222"/>
        <source>grows ×{growth} over {n} layers (about ×{factor} a layer)</source>
        <translation>{n} 层内增长 ×{growth}（每层约 ×{factor}）</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_laws_caption.py" line="225"/>
        <source>RMS² grows by about {slope} per layer</source>
        <translation>RMS² 每层约增加 {slope}</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_laws_caption.py" line="227"/>
        <source>grows ×{growth} over {n} layers</source>
        <translation>{n} 层内增长 ×{growth}</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_laws_caption.py" line="228"/>
        <source>shrinks to ×{growth} over {n} layers</source>
        <translation>{n} 层内缩小到 ×{growth}</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_laws_caption.py" line="231"/>
        <source>last layer&apos;s gradient {skew}× the first&apos;s</source>
        <translation>最后一层梯度是第一层的 {skew} 倍</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_laws_caption.py" line="241"/>
        <source>RMS² slope {slope:.3g} per layer</source>
        <translation>RMS² 每层斜率 {slope:.3g}</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_laws_caption.py" line="243"/>
        <source>R² {rms2:.3f} (RMS² line), {log:.3f} (log RMS line, ×{factor:.3g} a layer)</source>
        <translation>R² {rms2:.3f}（RMS² 直线），{log:.3f}（log RMS 直线，每层 ×{factor:.3g}）</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_laws_caption.py" line="246"/>
        <source>last/first layer gradient {skew:.3g}×</source>
        <translation>最后一层/第一层梯度 {skew:.3g}×</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_laws_caption.py" line="252"/>
        <source>NaN (ε = 0 divides 0 by 0)</source>
        <translation>NaN（ε = 0 时 0 除以 0）</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_laws_caption.py" line="253"/>
        <source>overflowed</source>
        <translation>已溢出</translation>
    </message>
</context>
<context>
    <name>DepthPlot</name>
    <message>
        <location filename="../../widgets/plots/depth_plot.py" line="82"/>
        <source>A: {curve}</source>
        <extracomment>A&apos;s curves were added to the plot, at the first pin (the window scales them in presentation mode).</extracomment>
        <translation>A：{curve}</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_plot.py" line="87"/>
        <source>no norm (residual only)</source>
        <translation>无归一化（仅残差）</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_plot.py" line="88"/>
        <source>toy v ← a·v + b (explodes)</source>
        <translation>玩具例 v ← a·v + b（爆炸）</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_plot.py" line="88"/>
        <source>toy with a norm (stable)</source>
        <translation>玩具例加归一化（稳定）</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_plot.py" line="91"/>
        <source>Value size by depth</source>
        <translation>数值大小随深度的变化</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_plot.py" line="92"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_plot.py" line="93"/>
        <source>RMS of the hidden state</source>
        <translation>隐藏状态的 RMS</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_plot.py" line="95"/>
        <source>Log scale</source>
        <translation>对数坐标</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_plot.py" line="96"/>
        <source>Show the value axis on a log scale (the toy explosion grows exponentially)</source>
        <translation>纵轴用对数坐标（玩具例按指数增长）</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_plot.py" line="108"/>
        <source>thin dashed: A (pinned)</source>
        <translation>细虚线：A（已固定）</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_plot.py" line="201"/>
        <source>overflow at layer {n}</source>
        <translation>在第 {n} 层溢出</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_plot.py" line="201"/>
        <source>NaN at layer {n}</source>
        <translation>第 {n} 层起为 NaN</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/depth_plot.py" line="239"/>
        <source>layer {n}</source>
        <translation>第 {n} 层</translation>
    </message>
</context>
<context>
    <name>DifferencesView</name>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="71"/>
        <source>What</source>
        <extracomment>A setting&apos;s label and a value&apos;s text, as the settings panel shows them (None: it has no editor for it).</extracomment>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="71"/>
        <source>A (pinned)</source>
        <translation>A（已固定）</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="71"/>
        <source>B (current)</source>
        <translation>B（当前）</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="74"/>
        <source>Nothing is pinned. Compare → Pin as A{keys} keeps the current settings and their curves as A; then change anything: every plot draws A dashed beside the current curves (B), and this table lists what differs.</source>
        <translation>尚未固定任何设置。比较 → 固定为 A{keys} 会把当前设置及其曲线保存为 A；之后改动任何设置：每个图都会在当前曲线 (B) 旁用虚线画出 A，本表列出不同之处。</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="86"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="86"/>
        <source>the same</source>
        <translation>相同</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="93"/>
        <source>Token matrix</source>
        <translation>Token 矩阵</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="93"/>
        <source>Token names</source>
        <translation>Token 名称</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="94"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="94"/>
        <source>Simulated tokens</source>
        <translation>模拟的 token 数</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="94"/>
        <source>Toy v₀</source>
        <translation>玩具模型 v₀</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="101"/>
        <source>{shape}, {n} of {total} values differ</source>
        <translation>{shape}，{total} 个值中有 {n} 个不同</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="109"/>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="110"/>
        <source>no norm</source>
        <translation>无归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="111"/>
        <source>Largest |μ| of a row after the norm</source>
        <translation>归一化后各行 |μ| 的最大值</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="122"/>
        <source>RMS after the last layer, {stack}</source>
        <translation>最后一层后的 RMS，{stack}</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="125"/>
        <source>Gradient last / first layer, {stack}</source>
        <translation>梯度 最后一层 / 第一层，{stack}</translation>
    </message>
    <message>
        <location filename="../../widgets/compare/differences_view.py" line="128"/>
        <source>Depth and gradients</source>
        <translation>深度与梯度</translation>
    </message>
</context>
<context>
    <name>Document</name>
    <message>
        <location filename="../../app/window/document.py" line="110"/>
        <source>The block of {r} × {c} does not fit at row {row}, column {col} of a {rows} × {cols} grid.</source>
        <extracomment>Stacks whose weights fit in this many bytes are simulated at once on the UI thread (the seed&apos;s 6 × 4 scenarios take about a millisecond); larger ones go to the worker. The undo history keeps at most this many steps, and is cleared (with a note) when the arrays its steps hold pass this many bytes (60 token inserts on the 2048 × 4096 preset held 4.9 GB). The worker&apos;s answers for A&apos;s own stack simulation carry this tag (the Document&apos;s count from 1). Cells were written: target (&quot;matrix&quot; or &quot;affine&quot;), first row, first column, rows, columns. Emitted just before the scenarioChanged it belongs to, so a table can repaint just them. How far the worker&apos;s stack simulation of the shown scenario is (0..1). A whole scenario replaced the old one (a preset, a session, restored work). The scenario pinned as A for comparison, or its Result, changed: the pinned Result, or None. The scenario and result a gesture computed, shown by its command&apos;s first redo. Stacks simulated besides Pre-Norm, Post-Norm and the chosen placement (the plots&apos; picks).</extracomment>
        <translation>{r} × {c} 的数据块放不进 {rows} × {cols} 表格的第 {row} 行第 {col} 列。</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="116"/>
        <source>Refused: every value must be a finite {dtype} number.</source>
        <translation>未接受：每个值都必须是有限的 {dtype} 数。</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="121"/>
        <source>Refused: growing to {r} × {c} would pass the limit of {limit} cells.</source>
        <translation>已拒绝：扩大到 {r} × {c} 会超过 {limit} 个单元格的上限。</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="132"/>
        <source>Paste {r} × {c} and grow</source>
        <translation>粘贴 {r} × {c} 并扩大</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="135"/>
        <source>Edit cell</source>
        <translation>编辑单元格</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="135"/>
        <source>Paste {r} × {c}</source>
        <translation>粘贴 {r} × {c}</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="150"/>
        <location filename="../../app/window/document.py" line="324"/>
        <source>Refused: {reason}</source>
        <translation>未接受：{reason}</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="162"/>
        <source>Set {name} to {value}</source>
        <translation>设置 {name} 为 {value}</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="169"/>
        <source>Rename token {n} to {label}</source>
        <translation>把第 {n} 个 token 改名为 {label}</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="173"/>
        <source>Reset γ to 1 and β to 0</source>
        <translation>重置 γ 为 1、β 为 0</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="179"/>
        <source>Insert {n} token(s)</source>
        <translation>插入 {n} 个 token</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="185"/>
        <source>Refused: the matrix needs at least one token.</source>
        <translation>未接受：矩阵至少要有一个 token。</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="188"/>
        <source>Remove {n} token(s)</source>
        <translation>删除 {n} 个 token</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="195"/>
        <source>Insert {n} dimension(s)</source>
        <translation>插入 {n} 个维度</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="201"/>
        <source>Refused: the matrix needs at least one dimension.</source>
        <translation>未接受：矩阵至少要有一个维度。</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="204"/>
        <source>Remove {n} dimension(s)</source>
        <translation>删除 {n} 个维度</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="262"/>
        <source>A could not be computed: {reason}</source>
        <translation>A 无法计算：{reason}</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="276"/>
        <source>Nothing is pinned as A: pin the current settings first.</source>
        <translation>尚未固定 A：请先固定当前设置。</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="281"/>
        <source>Swap A and B</source>
        <translation>交换 A 和 B</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="351"/>
        <source>The undo history was cleared: it held {mb} MB of matrices (the limit is {limit} MB).</source>
        <translation>撤销历史已清空：其中的矩阵占用了 {mb} MB（上限为 {limit} MB）。</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="240"/>
        <location filename="../../app/window/document.py" line="393"/>
        <source>The computation failed: {reason}</source>
        <translation>计算失败：{reason}</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="458"/>
        <source>The block simulation of A failed: {reason}</source>
        <translation>A 的 Block 模拟失败：{reason}</translation>
    </message>
    <message>
        <location filename="../../app/window/document.py" line="460"/>
        <source>The block simulation failed: {reason}</source>
        <translation>Block 模拟失败：{reason}</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <location filename="../../widgets/plotkit/export_dialog.py" line="78"/>
        <source>Figure options</source>
        <translation>图像选项</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/export_dialog.py" line="79"/>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/export_dialog.py" line="80"/>
        <source>&amp;DPI:</source>
        <translation>DPI(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/export_dialog.py" line="81"/>
        <source>Formats:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/export_dialog.py" line="82"/>
        <source>Pr&amp;eset:</source>
        <translation>预设(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/export_dialog.py" line="85"/>
        <source>as set below</source>
        <translation>按下方设置</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/export_dialog.py" line="86"/>
        <source>Journal column (8.5 × 6.4 cm)</source>
        <translation>期刊单栏（8.5 × 6.4 cm）</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/export_dialog.py" line="87"/>
        <source>Journal page width (17.5 × 8.75 cm)</source>
        <translation>期刊通栏（17.5 × 8.75 cm）</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/export_dialog.py" line="88"/>
        <source>Slide (1920 × 1080 px)</source>
        <translation>幻灯片（1920 × 1080 px）</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/export_dialog.py" line="90"/>
        <source>Pixels per inch of the PNG; text keeps its size in points</source>
        <translation>PNG 每英寸的像素数；文字保持其磅值大小</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/export_dialog.py" line="91"/>
        <source>&amp;Publication style (larger text, thicker lines, white)</source>
        <translation>出版样式（文字更大、线条更粗、白色背景）(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/export_dialog.py" line="142"/>
        <source>PNG: {w} × {h} px; on paper {cw:.1f} × {ch:.1f} cm</source>
        <translation>PNG：{w} × {h} 像素；纸面尺寸 {cw:.1f} × {ch:.1f} 厘米</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/export_dialog.py" line="145"/>
        <source>{format}: {cw:.1f} × {ch:.1f} cm on paper, vector (text and lines stay sharp at any zoom)</source>
        <translation>{format}：纸面 {cw:.1f} × {ch:.1f} cm，矢量（任意缩放下文字与线条都清晰）</translation>
    </message>
</context>
<context>
    <name>FigureExports</name>
    <message>
        <location filename="../../app/window/figure_exports.py" line="40"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location filename="../../app/window/figure_exports.py" line="62"/>
        <source>Saved {count} figures in {folder}</source>
        <translation>已将 {count} 个图像保存到 {folder}</translation>
    </message>
    <message>
        <location filename="../../app/window/figure_exports.py" line="71"/>
        <source>Copied the {figure} as an image</source>
        <translation>已将{figure}复制为图片</translation>
    </message>
    <message>
        <location filename="../../app/window/figure_exports.py" line="89"/>
        <source>Export figure</source>
        <translation>导出图</translation>
    </message>
    <message>
        <location filename="../../app/window/figure_exports.py" line="107"/>
        <source>Export all figures into</source>
        <translation>导出全部图像到</translation>
    </message>
</context>
<context>
    <name>FigureMenus</name>
    <message>
        <location filename="../../app/window/figure_menus.py" line="36"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location filename="../../app/window/figure_menus.py" line="37"/>
        <source>Copy image</source>
        <translation>复制图片</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <location filename="../../app/window/file_actions.py" line="55"/>
        <source>&amp;Open session…</source>
        <translation>打开会话(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../app/window/file_actions.py" line="57"/>
        <source>&amp;Save session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../app/window/file_actions.py" line="58"/>
        <source>Save session &amp;as…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../app/window/file_actions.py" line="59"/>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../app/window/file_actions.py" line="62"/>
        <source>&amp;Import matrix…</source>
        <translation>导入矩阵(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../app/window/file_actions.py" line="63"/>
        <source>Import &amp;γ…</source>
        <translation>导入 γ(&amp;G)…</translation>
    </message>
    <message>
        <location filename="../../app/window/file_actions.py" line="64"/>
        <source>Import &amp;β…</source>
        <translation>导入 β(&amp;B)…</translation>
    </message>
    <message>
        <location filename="../../app/window/file_actions.py" line="65"/>
        <source>Export &amp;matrix…</source>
        <translation>导出矩阵(&amp;M)…</translation>
    </message>
    <message>
        <location filename="../../app/window/file_actions.py" line="67"/>
        <source>Export &amp;table</source>
        <translation>导出表格(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../app/window/file_actions.py" line="68"/>
        <source>&amp;Copy table</source>
        <translation>复制表格(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../app/window/file_actions.py" line="72"/>
        <source>{table} as Markdown</source>
        <translation>{table}（Markdown）</translation>
    </message>
    <message>
        <location filename="../../app/window/file_actions.py" line="74"/>
        <source>{table} as LaTeX</source>
        <translation>{table}（LaTeX）</translation>
    </message>
    <message>
        <location filename="../../app/window/file_actions.py" line="77"/>
        <source>Export &amp;plot</source>
        <translation>导出图(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/window/file_actions.py" line="79"/>
        <source>Export &amp;all figures…</source>
        <translation>导出全部图像(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../app/window/file_actions.py" line="80"/>
        <source>Export &amp;window as PNG…</source>
        <translation>把窗口导出为 PNG(&amp;W)…</translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message>
        <location filename="../../app/window/file_dialogs.py" line="63"/>
        <source>Reading {name}…</source>
        <translation>正在读取 {name}…</translation>
    </message>
    <message>
        <location filename="../../app/window/file_dialogs.py" line="65"/>
        <source>Reading {name} was cancelled; nothing changed</source>
        <translation>已取消读取 {name}；没有任何改动</translation>
    </message>
    <message>
        <location filename="../../app/window/file_dialogs.py" line="71"/>
        <source>{name}: not enough memory to read it; nothing changed</source>
        <translation>{name}：内存不足，无法读取；没有任何改动</translation>
    </message>
</context>
<context>
    <name>FileImports</name>
    <message>
        <location filename="../../app/window/file_imports.py" line="40"/>
        <source>Import {name}</source>
        <translation>导入 {name}</translation>
    </message>
    <message>
        <location filename="../../app/window/file_imports.py" line="44"/>
        <source>Imported a {rows} × {cols} matrix from {name}</source>
        <translation>已从 {name} 导入 {rows} × {cols} 的矩阵</translation>
    </message>
    <message>
        <location filename="../../app/window/file_imports.py" line="57"/>
        <source>{name}: choose one of {tensors}</source>
        <translation>{name}：请从 {tensors} 中选一个</translation>
    </message>
    <message>
        <location filename="../../app/window/file_imports.py" line="61"/>
        <source>Import {symbol} from {name}</source>
        <translation>从 {name} 导入 {symbol}</translation>
    </message>
    <message>
        <location filename="../../app/window/file_imports.py" line="62"/>
        <source>{symbol} ← {tensor} from {name}</source>
        <translation>{symbol} ← {name} 中的 {tensor}</translation>
    </message>
    <message>
        <location filename="../../app/window/file_imports.py" line="69"/>
        <source>Import vector</source>
        <translation>导入向量</translation>
    </message>
    <message>
        <location filename="../../app/window/file_imports.py" line="70"/>
        <source>Use {name} as:</source>
        <translation>把 {name} 用作：</translation>
    </message>
    <message>
        <location filename="../../app/window/file_imports.py" line="74"/>
        <source>Import token matrix</source>
        <translation>导入 token 矩阵</translation>
    </message>
    <message>
        <location filename="../../app/window/file_imports.py" line="78"/>
        <source>Import {symbol}</source>
        <translation>导入 {symbol}</translation>
    </message>
    <message>
        <location filename="../../app/window/file_imports.py" line="88"/>
        <source>Choose a tensor</source>
        <translation>选择张量</translation>
    </message>
    <message>
        <location filename="../../app/window/file_imports.py" line="89"/>
        <source>Tensors of length {d}:</source>
        <translation>长度为 {d} 的张量：</translation>
    </message>
</context>
<context>
    <name>GradPlot</name>
    <message>
        <location filename="../../widgets/plots/grad_plot.py" line="63"/>
        <source>Gradient norms at initialization</source>
        <extracomment>StackRun attribute -&gt; the symbol in the legend. Each stack&apos;s weight gradients thick, its input gradients thin, in the stack&apos;s own line style. A&apos;s curves were added to the plot, at the first pin (the window scales them in presentation mode).</extracomment>
        <translation>初始化时的梯度范数</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/grad_plot.py" line="64"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/grad_plot.py" line="65"/>
        <source>gradient norm</source>
        <translation>梯度范数</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/grad_plot.py" line="109"/>
        <source>A: {curve}</source>
        <translation>A：{curve}</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/grad_plot.py" line="118"/>
        <source>thick: {weight} · thin: {input}</source>
        <translation>粗线：{weight} · 细线：{input}</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/grad_plot.py" line="121"/>
        <source>thin dashed: A (pinned)</source>
        <translation>细虚线：A（已固定）</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/grad_plot.py" line="155"/>
        <source>layer {n}</source>
        <translation>第 {n} 层</translation>
    </message>
</context>
<context>
    <name>GroupingView</name>
    <message>
        <location filename="../../widgets/teaching/grouping_view.py" line="152"/>
        <source>LayerNorm: each token (row) is normalized on its own</source>
        <extracomment>At most this many rows and columns are drawn; &quot;…&quot; marks the ones left out. Neighbouring groups alternate colour and line style, so they stay apart without colour vision too.</extracomment>
        <translation>LayerNorm：每个 token（行）各自归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/grouping_view.py" line="153"/>
        <source>RMSNorm: each token (row) is scaled by its own root mean square</source>
        <translation>RMSNorm：每个 token（行）除以自己的均方根</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/grouping_view.py" line="154"/>
        <source>BatchNorm: each dimension (column) is normalized across the tokens</source>
        <translation>BatchNorm：每个维度（列）跨 token 归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/grouping_view.py" line="155"/>
        <source>No norm: nothing is normalized, so there are no groups</source>
        <translation>无归一化：没有分组</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/grouping_view.py" line="156"/>
        <source>Hover a group to read its μ and σ before and after.</source>
        <translation>把鼠标移到某一组上，可看到它归一化前后的 μ 与 σ。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/grouping_view.py" line="157"/>
        <source>Showing {rows} of {tokens} tokens and {cols} of {dims} dimensions.</source>
        <translation>显示 {tokens} 个 token 中的 {rows} 个、{dims} 个维度中的 {cols} 个。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/grouping_view.py" line="158"/>
        <source>Token “{label}” (row {n})</source>
        <translation>Token「{label}」（第 {n} 行）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/grouping_view.py" line="159"/>
        <source>Dimension d{n} (column {n})</source>
        <translation>维度 d{n}（第 {n} 列）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/grouping_view.py" line="160"/>
        <source>before: μ = {mean}, σ = {std}</source>
        <translation>归一化前：μ = {mean}，σ = {std}</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/grouping_view.py" line="161"/>
        <source>after: μ = {mean}, σ = {std}</source>
        <translation>归一化后：μ = {mean}，σ = {std}</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/grouping_view.py" line="162"/>
        <source>No matrix yet</source>
        <translation>还没有矩阵</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/grouping_view.py" line="164"/>
        <source>The token matrix with the groups the norm normalizes together</source>
        <translation>Token 矩阵，以及归一化时放在一起统计的分组</translation>
    </message>
</context>
<context>
    <name>HandCalcPanel</name>
    <message>
        <location filename="../../widgets/teaching/hand_calc_panel.py" line="52"/>
        <source>Decimals</source>
        <translation>小数位</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_panel.py" line="53"/>
        <source>Digits after the decimal point (the seed uses 3)</source>
        <translation>小数点后的位数（原文用 3 位）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_panel.py" line="54"/>
        <source>Copy text</source>
        <translation>复制文本</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_panel.py" line="55"/>
        <source>Copy LaTeX</source>
        <translation>复制 LaTeX</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_panel.py" line="89"/>
        <source>BatchNorm in eval mode uses the running statistics, not statistics of its own: there is nothing to calculate by hand.</source>
        <translation>推理模式的 BatchNorm 用的是滑动统计量，不计算自己的统计量：没有可手算的步骤。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_panel.py" line="92"/>
        <source>No normalization is selected.</source>
        <translation>没有选择归一化。</translation>
    </message>
</context>
<context>
    <name>HandCalculation</name>
    <message>
        <location filename="../../widgets/teaching/hand_calc_render.py" line="127"/>
        <source>column</source>
        <translation>列</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_render.py" line="129"/>
        <source>row</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_render.py" line="130"/>
        <source>Step 1 · take the {what} {name}</source>
        <translation>第 1 步 · 取出{what}「{name}」</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_render.py" line="142"/>
        <source>Step 2 · mean square and RMS</source>
        <translation>第 2 步 · 均方与 RMS</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_render.py" line="151"/>
        <source>Step 2 · mean μ and standard deviation σ</source>
        <translation>第 2 步 · 均值 μ 与标准差 σ</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_render.py" line="175"/>
        <source>ε = 0 and nothing to divide by: 0 / 0 is not a number (NaN), as in PyTorch. This is why ε exists.</source>
        <translation>ε = 0，除数为零：0 / 0 不是一个数（NaN），与 PyTorch 一致。这正是 ε 存在的原因。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_render.py" line="181"/>
        <source>Step 3 · divide by the RMS</source>
        <translation>第 3 步 · 除以 RMS</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_render.py" line="183"/>
        <source>Step 3 · subtract μ, divide by σ</source>
        <translation>第 3 步 · 减 μ，除以 σ</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_render.py" line="188"/>
        <source>Step 4 · scale by γ</source>
        <translation>第 4 步 · 乘 γ 缩放</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_render.py" line="190"/>
        <source>Step 4 · scale by γ, shift by β</source>
        <translation>第 4 步 · 乘 γ 缩放，加 β 平移</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_render.py" line="197"/>
        <source>DyT takes no statistics of the row: no μ, no σ.</source>
        <translation>DyT 不计算这一行的任何统计量：没有 μ，也没有 σ。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_render.py" line="207"/>
        <source>Step 2 · t = tanh(α·x), element by element</source>
        <translation>第 2 步 · 逐元素计算 t = tanh(α·x)</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_render.py" line="209"/>
        <source>Step 3 · scale by γ, shift by β</source>
        <translation>第 3 步 · 乘 γ 缩放，加 β 平移</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/hand_calc_render.py" line="232"/>
        <source>Each step uses the unrounded numbers of the step before; they are shown rounded to {n} decimals, so redoing a step from the digits shown can change its last digit.</source>
        <translation>每一步都使用上一步未经舍入的数值；显示时四舍五入到 {n} 位小数，所以用显示的数字重算某一步，最后一位可能不同。</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <location filename="../../app/window/help_menu.py" line="20"/>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>键盘快捷键(&amp;K)…</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="24"/>
        <source>&amp;What am I looking at?</source>
        <translation>我在看什么？(&amp;W)</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="31"/>
        <location filename="../../app/window/help_menu.py" line="33"/>
        <source>About NormScope</source>
        <translation>关于 NormScope</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="34"/>
        <source>NormScope: LayerNorm, RMSNorm and BatchNorm inside a Transformer block.
Numbers follow PyTorch&apos;s semantics; edit any cell and every plot follows.</source>
        <translation>NormScope：Transformer Block 里的 LayerNorm、RMSNorm 与 BatchNorm。
数值遵循 PyTorch 的语义；编辑任意单元格，所有图都会随之更新。</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="50"/>
        <source>{what} (in a grid)</source>
        <translation>{what}（在表格中）</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="51"/>
        <source>Edit the current cell</source>
        <translation>编辑当前单元格</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="51"/>
        <source>type, or F2; Enter keeps it, Esc drops it</source>
        <translation>直接输入或按 F2；Enter 确认，Esc 放弃</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="52"/>
        <source>Rename a token</source>
        <translation>重命名 token</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="52"/>
        <source>double-click its row header</source>
        <translation>双击它的行标题</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="54"/>
        <source>Lesson: next step (in the lesson panel)</source>
        <translation>课程：下一步（在课程面板中）</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="55"/>
        <source>Lesson: the step before (in the lesson panel)</source>
        <translation>课程：上一步（在课程面板中）</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="63"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="68"/>
        <source>μ and σ plot</source>
        <translation>μ 与 σ 图</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="68"/>
        <source>Value size by depth</source>
        <translation>数值大小随深度的变化</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="69"/>
        <source>Gradient norms</source>
        <translation>梯度范数</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="69"/>
        <source>Stage heatmaps</source>
        <translation>各阶段热力图</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="70"/>
        <source>Hand calculation</source>
        <translation>手算步骤</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="70"/>
        <source>Block flow</source>
        <translation>Block 流程</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="71"/>
        <source>LN vs BN groups</source>
        <translation>LN 与 BN 的分组</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="71"/>
        <source>BatchNorm&apos;s problems</source>
        <translation>BatchNorm 的问题</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="72"/>
        <source>Scale invariance</source>
        <translation>尺度不变性</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="72"/>
        <source>Activations</source>
        <translation>激活函数</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="73"/>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="73"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="73"/>
        <source>Tokens and γ / β</source>
        <translation>Token 矩阵与 γ / β</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="74"/>
        <source>A/B compare</source>
        <translation>A/B 比较</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="74"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="79"/>
        <source>Four bars per token: its mean μ and standard deviation σ before the norm (blue) and after it (yellow, orange). LayerNorm brings every token to μ = 0 and σ = 1 before γ and β; RMSNorm fixes only the size, so under RMSNorm the last bar is the RMS after the norm, which it sets to 1; under BatchNorm the plot switches to dimensions, the groups BatchNorm normalizes. The title says what the chosen norm sets to 1.</source>
        <translation>每个 token 四根柱：归一化之前（蓝色）和之后（黄色、橙色）的均值 μ 与标准差 σ。LayerNorm 在乘 γ、加 β 之前把每个 token 变成 μ = 0、σ = 1；RMSNorm 只固定大小，所以在 RMSNorm 下最后一根柱是归一化之后的 RMS，它被设为 1；在 BatchNorm 下图改为按维度显示，即 BatchNorm 归一化的分组。标题说明所选归一化把什么设为 1。</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="85"/>
        <source>How big the hidden state gets (its RMS) after each of N stacked blocks: without a norm the residual sums keep growing, Pre-Norm grows slowly, Post-Norm stays put. Beside them the seed&apos;s toy v ← a·v + b, which explodes, and its normalized twin, which doesn&apos;t. The stacks run on the first 32 tokens (the plot says so when there are more); the no-norm stack has no norm at all, QK-Norm included.</source>
        <translation>隐藏状态在 N 个堆叠的 block 之后各有多大（其 RMS）：没有归一化时残差和不断变大，Pre-Norm 缓慢增长，Post-Norm 保持不变。旁边是种子文章的玩具模型 v ← a·v + b（会爆炸）和它的归一化版本（不会）。这些堆叠只在前 32 个 token 上运行（token 更多时图上会注明）；“无归一化”的堆叠完全没有归一化，QK-Norm 也没有。</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="91"/>
        <source>The size of each layer&apos;s weight gradient (‖∂L/∂W‖) and input gradient (‖∂L/∂x‖) at initialization. Post-Norm&apos;s grow towards the output layers, Pre-Norm&apos;s stay even, the reason Post-Norm needs a warm-up (Xiong et al., 2020).</source>
        <translation>初始化时每一层权重梯度（‖∂L/∂W‖）和输入梯度（‖∂L/∂x‖）的大小。Post-Norm 的梯度越靠近输出层越大，Pre-Norm 的则比较均匀，这就是 Post-Norm 需要预热的原因（Xiong 等，2020）。</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="95"/>
        <source>The token matrix at four points of one block, on one colour scale: the input, after the first norm, after attention and its residual add, after the FFN and its residual add. Rows are tokens, columns dimensions; hover a cell for its value.</source>
        <translation>一个 Block 中四个位置的 token 矩阵，使用同一色标：输入、第一次归一化之后、注意力及其残差相加之后、FFN 及其残差相加之后。行是 token，列是维度；鼠标悬停在单元格上可查看数值。</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="99"/>
        <source>The four steps of the norm done by hand for the selected row (column under BatchNorm), with its own numbers: the row, μ and σ, x̂ = (x − μ) / σ, and y = γ·x̂ + β.</source>
        <translation>用所选行（BatchNorm 时为所选列）自己的数字手算归一化的四个步骤：取出这一行，求 μ 和 σ，x̂ = (x − μ) / σ，以及 y = γ·x̂ + β。</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="102"/>
        <source>One Transformer block drawn for the chosen placement, with its residual bypasses. Click a step, or walk with Step ▶, to see the matrix at that point as a heatmap and a table.</source>
        <translation>按所选的归一化位置画出的一个 Transformer Block，包括残差旁路。点击某一步，或用“下一步 ▶”逐步走，即可以热力图和表格查看该处的矩阵。</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="105"/>
        <source>Which numbers are normalized together: LayerNorm takes each row (one token), BatchNorm each column (one dimension across the tokens). Hover a group for its μ and σ before and after.</source>
        <translation>哪些数字被放在一起归一化：LayerNorm 取每一行（一个 token），BatchNorm 取每一列（所有 token 的同一个维度）。鼠标悬停在分组上可查看其前后的 μ 和 σ。</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="108"/>
        <source>Why Transformers avoid BatchNorm: a token&apos;s BatchNorm output changes as the batch around it grows (its LayerNorm output doesn&apos;t), one token alone can&apos;t be normalized in training, and eval mode depends on running statistics that take many steps to settle.</source>
        <translation>为什么 Transformer 不用 BatchNorm：一个 token 的 BatchNorm 输出会随着批次变大而改变（LayerNorm 输出不会），训练时单个 token 无法归一化，而推理模式依赖需要很多步才能稳定的滑动统计量。</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="112"/>
        <source>LayerNorm gives rows that differ only by a shift and a positive scale the same output, so the scale is lost and γ/β can&apos;t bring it back; rows with another pattern stay different. Edit the vectors to try your own.</source>
        <translation>只相差一个平移和一个正缩放的行，经过 LayerNorm 后输出相同，因此尺度丢失了，γ/β 也无法恢复；模式不同的行则保持不同。可以编辑这些向量自己试试。</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="116"/>
        <source>The FFN&apos;s activation functions of seed 004: Sigmoid, Tanh, ReLU, Softmax of a small vector you type, Swish/SiLU, GELU and SwiGLU, each drawn with its derivative and with its pros and cons.</source>
        <translation>种子文章 004 中 FFN 的激活函数：Sigmoid、Tanh、ReLU、你输入的小向量的 Softmax、Swish/SiLU、GELU 和 SwiGLU，每个都画出它的导数，并列出优缺点。</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="119"/>
        <source>Small character-level Transformers trained live in NumPy, to see Post-Norm stall where Pre-Norm learns. Pick a preset or set the recipe, press Train: each run&apos;s loss is drawn over the steps (dots: validation loss; dashed: the loss of a model that learned nothing), and for the chosen run four layer × step heatmaps show gradient norms, update sizes, residual RMS and the largest attention logit.</source>
        <translation>用 NumPy 现场训练小型字符级 Transformer，看 Post-Norm 停滞而 Pre-Norm 在学习。选一个预设或设置训练方案，按“训练”：每次运行的损失按步数画出（圆点：验证损失；虚线：什么也没学到的模型的损失），所选运行的四张“层 × 步”热图显示梯度范数、更新大小、残差 RMS 和最大的注意力 logit。</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="125"/>
        <source>A real trained model (MiniLM, SmolLM2, or a folder or GGUF file of their families) run offline on a sentence you type: its tokens, the size of its residual stream layer by layer beside simulated Pre-Norm and Post-Norm stacks, the outlier dimensions beside each head&apos;s attention sink on token 0, and a norm&apos;s input → output. What if edits γ, β or a dimension, or freezes a norm, runs the layers above again and, for a language model, shows what it costs in next-token loss; Ctrl+Z takes it back. Show in the token grid brings a real hidden state into every other view.</source>
        <translation>一个真实训练过的模型（MiniLM、SmolLM2，或同系列的文件夹或 GGUF 文件）离线运行在你输入的句子上：它的 token、逐层的残差流大小（旁边是模拟的 Pre-Norm 和 Post-Norm 堆叠）、离群维度及其旁边每个头在词元 0 上的注意力汇聚，以及某个归一化的输入 → 输出。“假如”可修改 γ、β 或某个维度，或冻结某个归一化，并重新运行其上的各层；对语言模型还会显示它在下一个 token 损失上的代价；Ctrl+Z 可撤销。“在 Token 表格中显示”把真实的隐藏状态带到其他所有视图。</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="133"/>
        <source>The token matrix (one row per token, one column per dimension) and the norm&apos;s γ and β, as spreadsheets: type into a cell, paste a block, right-click to insert or remove tokens and dimensions, double-click a token to rename it. Every plot follows each edit; Ctrl+Z undoes it.</source>
        <translation>Token 矩阵（每行一个 token，每列一个维度）以及归一化的 γ 和 β，以电子表格形式呈现：在单元格中输入、粘贴一块数据、右键插入或删除 token 和维度、双击 token 重命名。每次编辑后所有图都会跟着变化；Ctrl+Z 撤销。</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="137"/>
        <source>The norm, where it sits in the block, ε, the number of stacked layers and the rest of the block&apos;s settings; each choice&apos;s tooltip gives its formula. Every change is one undo step.</source>
        <translation>归一化的种类、它在 block 中的位置、ε、堆叠的层数以及 block 的其他设置；每个选项的提示给出它的公式。每次更改都是一个撤销步骤。</translation>
    </message>
    <message>
        <location filename="../../app/window/help_menu.py" line="140"/>
        <source>Compare → Pin as A keeps the current settings and their results as A. Change anything: the depth and gradient plots draw A&apos;s curves in short dashes (&quot;A: …&quot;) beside the current ones (B), the μ/σ plot A&apos;s bars as dashed outlines, the stage heatmaps B − A, and the Differences tab lists each setting that differs and the numbers that tell A and B apart. Swap A and B is one undo step.</source>
        <translation>比较 → 固定为 A 会把当前设置及其结果保存为 A。之后改动任何设置：深度图和梯度图会在当前曲线 (B) 旁用短虚线画出 A 的曲线（“A：…”），μ/σ 图用虚线框画出 A 的柱，各阶段热图显示 B − A，“差异”标签页列出每一项不同的设置以及区分 A 与 B 的数值。交换 A 和 B 是一步撤销。</translation>
    </message>
</context>
<context>
    <name>LayerHeatmap</name>
    <message>
        <location filename="../../widgets/training/layer_heatmap.py" line="73"/>
        <source>Gradient norm by layer</source>
        <translation>各层梯度范数</translation>
    </message>
    <message>
        <location filename="../../widgets/training/layer_heatmap.py" line="74"/>
        <source>Update-to-weight ratio by layer</source>
        <translation>各层更新量与权重之比</translation>
    </message>
    <message>
        <location filename="../../widgets/training/layer_heatmap.py" line="75"/>
        <source>RMS of the residual stream by layer</source>
        <translation>各层残差流的 RMS</translation>
    </message>
    <message>
        <location filename="../../widgets/training/layer_heatmap.py" line="76"/>
        <source>Largest attention logit by layer</source>
        <translation>各层最大注意力 logit</translation>
    </message>
    <message>
        <location filename="../../widgets/training/layer_heatmap.py" line="78"/>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <location filename="../../widgets/training/layer_heatmap.py" line="79"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location filename="../../widgets/training/layer_heatmap.py" line="80"/>
        <source>log₁₀ scale</source>
        <translation>log₁₀ 刻度</translation>
    </message>
    <message>
        <location filename="../../widgets/training/layer_heatmap.py" line="84"/>
        <source>Press Train to start a run.</source>
        <translation>按“训练”开始一次运行。</translation>
    </message>
</context>
<context>
    <name>LessonDock</name>
    <message>
        <location filename="../../app/window/lesson_dock.py" line="48"/>
        <source>&amp;Lessons…</source>
        <extracomment>The dock property app/window/presentation.py reads: a dock that stays when presentation mode hides the others.</extracomment>
        <translation>课程(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../../app/window/lesson_dock.py" line="76"/>
        <source>No lessons were found in {folder}.</source>
        <translation>在 {folder} 中没有找到课程。</translation>
    </message>
    <message>
        <location filename="../../app/window/lesson_dock.py" line="97"/>
        <source>Lesson step: {title}</source>
        <translation>课程步骤：{title}</translation>
    </message>
    <message>
        <location filename="../../app/window/lesson_dock.py" line="113"/>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <location filename="../../app/window/lesson_dock.py" line="192"/>
        <source>Not computed here: simulating {stack} for a matrix this large would hold the window. Choose {stack} as the placement to see it.</source>
        <translation>这里不计算：为这么大的矩阵模拟 {stack} 会让窗口卡住。把放置方式选为 {stack} 即可看到。</translation>
    </message>
</context>
<context>
    <name>LessonPanel</name>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="166"/>
        <source>Step {n} of {count}: {title}</source>
        <translation>第 {n} 步，共 {count} 步：{title}</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="181"/>
        <source>This lesson can&apos;t be shown</source>
        <translation>这一课无法显示</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="222"/>
        <source>from {low} to {high}</source>
        <translation>{low} 到 {high}</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="240"/>
        <source>The answer is computed by the engine from the state shown: change a cell or a setting and it is computed again.</source>
        <translation>答案由引擎根据当前显示的状态计算：改动一个单元格或一项设置，它会重新计算。</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="244"/>
        <source>You changed the state: this is the answer for what is shown now (Set this step again goes back).</source>
        <translation>你改动了状态：这是当前显示状态的答案（「重新设置本步」可以回到本步）。</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="246"/>
        <source>Predict, then press Reveal.</source>
        <translation>先预测，再按「揭晓答案」。</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="249"/>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="253"/>
        <source>Engine: &lt;b&gt;{value}&lt;/b&gt; ({quantity})</source>
        <translation>引擎：&lt;b&gt;{value}&lt;/b&gt;（{quantity}）</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="257"/>
        <source>With the state shown now no single option is right.</source>
        <translation>按现在显示的状态，没有唯一正确的选项。</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="259"/>
        <source>Right option: {option}</source>
        <translation>正确选项：{option}</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="263"/>
        <source>Yours: none given</source>
        <translation>你的答案：未作答</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="268"/>
        <source>Yours: {value} {mark} (right within ±{tolerance})</source>
        <translation>你的答案：{value} {mark}（误差 ±{tolerance} 以内算对）</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="271"/>
        <source>Yours: {value} {mark}</source>
        <translation>你的答案：{value} {mark}</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="275"/>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="276"/>
        <source>Your answer (a number)</source>
        <translation>你的答案（一个数）</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="277"/>
        <source>Reveal</source>
        <translation>揭晓答案</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="278"/>
        <source>◀ Back</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="279"/>
        <source>The step before (Page Up while the panel has the focus)</source>
        <translation>上一步（面板有焦点时按 Page Up）</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="280"/>
        <source>The next step (Page Down while the panel has the focus)</source>
        <translation>下一步（面板有焦点时按 Page Down）</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="281"/>
        <source>Set this step again</source>
        <translation>重新设置本步</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="282"/>
        <source>Set the app to this step&apos;s state once more (one undo step)</source>
        <translation>把应用再次设为本步的状态（一个撤销步骤）</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="283"/>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <location filename="../../widgets/lessons/lesson_panel.py" line="284"/>
        <source>Choose a lesson</source>
        <translation>选择一课</translation>
    </message>
</context>
<context>
    <name>LossPlot</name>
    <message>
        <location filename="../../widgets/training/loss_plot.py" line="96"/>
        <source>Loss per step (dots: validation loss)</source>
        <extracomment>Okabe–Ito colours (colour-blind safe), then line styles, cycled per run. A curve holds at most this many points: a 100,000-step run draws as fast as a 1,000-step one. The raw loss behind a smoothed curve: the run&apos;s colour at this opacity (of 255).</extracomment>
        <translation>每步损失（圆点：验证损失）</translation>
    </message>
    <message>
        <location filename="../../widgets/training/loss_plot.py" line="97"/>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <location filename="../../widgets/training/loss_plot.py" line="98"/>
        <source>loss (nats)</source>
        <translation>损失（nats）</translation>
    </message>
    <message>
        <location filename="../../widgets/training/loss_plot.py" line="99"/>
        <source>learned nothing (unigram entropy)</source>
        <translation>什么也没学到（单字符熵）</translation>
    </message>
    <message>
        <location filename="../../widgets/training/loss_plot.py" line="101"/>
        <location filename="../../widgets/training/loss_plot.py" line="171"/>
        <source>diverged at step {k}</source>
        <translation>在第 {k} 步发散</translation>
    </message>
    <message>
        <location filename="../../widgets/training/loss_plot.py" line="106"/>
        <source>Press Train to start a run (a preset on top fills the form for several): the loss of every run is drawn here as it trains.</source>
        <translation>按“训练”开始一次运行（上方的预设可为多个运行填写表单）：每次运行的损失会在训练时画在这里。</translation>
    </message>
</context>
<context>
    <name>LossSmoothing</name>
    <message>
        <location filename="../../widgets/training/loss_smoothing.py" line="43"/>
        <source>Loss s&amp;moothing</source>
        <extracomment>Steps a point may average at most: a tenth of a long run, enough to read a noisy 10,000-step curve.</extracomment>
        <translation>损失平滑(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../widgets/training/loss_smoothing.py" line="44"/>
        <source> steps</source>
        <translation> 步</translation>
    </message>
    <message>
        <location filename="../../widgets/training/loss_smoothing.py" line="45"/>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <location filename="../../widgets/training/loss_smoothing.py" line="46"/>
        <source>Each point of a loss curve is the mean of the last k steps; the raw loss stays behind it, faint. 1: no smoothing.</source>
        <translation>损失曲线的每个点是最近 k 步的平均值；原始损失以淡色留在其后。1：不平滑。</translation>
    </message>
</context>
<context>
    <name>LossTable</name>
    <message>
        <location filename="../../widgets/models/loss_table.py" line="36"/>
        <source>intervention</source>
        <extracomment>A row: the intervention&apos;s label (``base`` first), its loss and its Δ from the base (nats).</extracomment>
        <translation>干预</translation>
    </message>
    <message>
        <location filename="../../widgets/models/loss_table.py" line="36"/>
        <source>loss (nats)</source>
        <translation>损失（奈特）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/loss_table.py" line="36"/>
        <source>Δ (nats)</source>
        <translation>Δ（奈特）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/loss_table.py" line="37"/>
        <source>The mean over the text of −ln p(next token): the base run, then each intervention applied alone, and how much it adds</source>
        <translation>全文 −ln p(下一个词元) 的平均值：先是基准运行，然后是单独施加的每项干预，以及它增加了多少</translation>
    </message>
    <message>
        <location filename="../../widgets/models/loss_table.py" line="43"/>
        <source>NaN (overflow)</source>
        <translation>NaN（溢出）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/loss_table.py" line="60"/>
        <source>The run overflowed float32 (inf or NaN): the model falls apart</source>
        <translation>这次运行超出了 float32 的范围（inf 或 NaN）：模型崩溃了</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/window/main_window.py" line="93"/>
        <source>Plots</source>
        <extracomment>The window closes for good (after any question was answered): background work should stop. Whether closing with unsaved edits asks Save / Discard / Cancel. None: only when someone can answer, a shown window on a real screen (not the offscreen platform of tests and headless export, where the autosave keeps the edits for the next start).</extracomment>
        <translation>图表</translation>
    </message>
    <message>
        <location filename="../../app/window/main_window.py" line="97"/>
        <source>Tokens</source>
        <translation>Token 矩阵</translation>
    </message>
    <message>
        <location filename="../../app/window/main_window.py" line="99"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../app/window/main_window.py" line="100"/>
        <source>Hand calculation</source>
        <translation>手算步骤</translation>
    </message>
    <message>
        <location filename="../../app/window/main_window.py" line="150"/>
        <source>View moved: edits keep this view. Double-click the plot to fit the data again.</source>
        <translation>视图已移动：编辑时保持此视图。双击图表可重新适配数据。</translation>
    </message>
    <message>
        <location filename="../../app/window/main_window.py" line="101"/>
        <source>Differences</source>
        <translation>差异</translation>
    </message>
    <message>
        <location filename="../../app/window/main_window.py" line="134"/>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../app/window/main_window.py" line="281"/>
        <source>Load preset {name}</source>
        <translation>加载预设 {name}</translation>
    </message>
</context>
<context>
    <name>MatrixView</name>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="38"/>
        <source>Copy</source>
        <extracomment>Pasted text longer than this (about 100,000 cells) is parsed on a worker: the window stays live.</extracomment>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="39"/>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="42"/>
        <source>Insert token above</source>
        <translation>在上方插入 token</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="43"/>
        <source>Insert token below</source>
        <translation>在下方插入 token</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="44"/>
        <source>Remove selected tokens</source>
        <translation>删除选中的 token</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="45"/>
        <source>Insert dimension left</source>
        <translation>在左侧插入维度</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="46"/>
        <source>Insert dimension right</source>
        <translation>在右侧插入维度</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="47"/>
        <source>Remove selected dimensions</source>
        <translation>删除选中的维度</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="49"/>
        <source>Reset γ to 1 and β to 0</source>
        <translation>重置 γ 为 1、β 为 0</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="55"/>
        <source>Double-click a token to rename it</source>
        <translation>双击 token 可改名</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="94"/>
        <source>Reading the pasted block…</source>
        <translation>正在读取粘贴的数据块…</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="97"/>
        <source>Paste cancelled; nothing changed.</source>
        <translation>已取消粘贴；没有任何改动。</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="100"/>
        <source>Paste refused: {reason}</source>
        <translation>粘贴未接受：{reason}</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="108"/>
        <source>Paste refused: the γ/β grid has two rows.</source>
        <translation>粘贴未接受：γ/β 表格只有两行。</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="117"/>
        <source>Grow the matrix?</source>
        <translation>扩大矩阵？</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="118"/>
        <source>The pasted block reaches {nr} × {nc}, beyond the {rows} × {cols} grid. Grow the matrix (new cells 0, new γ 1, new β 0)?</source>
        <translation>粘贴的数据块延伸到 {nr} × {nc}，超出了 {rows} × {cols} 的表格。要扩大矩阵吗（新单元格为 0，新 γ 为 1，新 β 为 0）？</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="126"/>
        <source>Rename token</source>
        <translation>重命名 token</translation>
    </message>
    <message>
        <location filename="../../widgets/editors/matrix_view.py" line="126"/>
        <source>Token label:</source>
        <translation>Token 名称：</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <location filename="../../app/window/menus.py" line="61"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="65"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="67"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="71"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="73"/>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="75"/>
        <source>Insert &amp;token below</source>
        <translation>在下方插入 token(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="77"/>
        <source>Insert &amp;dimension right</source>
        <translation>在右侧插入维度(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="80"/>
        <source>Reset γ to 1 and β to 0</source>
        <translation>重置 γ 为 1、β 为 0</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="82"/>
        <source>&amp;Presets</source>
        <translation>预设(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="88"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="92"/>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="96"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="97"/>
        <location filename="../../app/window/menus.py" line="100"/>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="97"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="98"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="99"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="103"/>
        <source>Restore default layout</source>
        <translation>恢复默认布局</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="106"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="127"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../app/window/menus.py" line="129"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
</context>
<context>
    <name>ModelFigures</name>
    <message>
        <location filename="../../widgets/models/figure_subtitle.py" line="14"/>
        <source>{model} · “{text}”</source>
        <translation>{model} · “{text}”</translation>
    </message>
</context>
<context>
    <name>ModelInstaller</name>
    <message>
        <location filename="../../widgets/models/model_installer.py" line="51"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_installer.py" line="52"/>
        <source>Stop pip; the model stays not installed</source>
        <translation>停止 pip；模型保持未安装</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_installer.py" line="53"/>
        <source>Downloading and installing the model&apos;s packages</source>
        <translation>正在下载并安装模型的软件包</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_installer.py" line="56"/>
        <source>Install ({size:g} MB, {licence})…</source>
        <translation>安装（{size:g} MB，{licence}）…</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_installer.py" line="58"/>
        <source>Install {model} with pip into the environment NormScope runs in: {packages} (--no-deps)</source>
        <translation>用 pip 把 {model} 安装到 NormScope 所运行的环境中：{packages}（--no-deps）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_installer.py" line="74"/>
        <source>Terms of {model}</source>
        <translation>{model} 的条款</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_installer.py" line="75"/>
        <source>{model} is under the {licence}, not an open licence. Read them at {url} and install it only if you agree to them.</source>
        <translation>{model} 采用 {licence}，不是开放许可证。请在 {url} 阅读条款，只有在同意这些条款时才安装。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_installer.py" line="78"/>
        <source>I agree, install</source>
        <translation>我同意，安装</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_installer.py" line="88"/>
        <source>Not installed: its terms were not agreed to.</source>
        <translation>未安装：没有同意其条款。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_installer.py" line="98"/>
        <source>Installing {model}…</source>
        <translation>正在安装 {model}…</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_installer.py" line="141"/>
        <source>pip could not be started ({error}).</source>
        <translation>无法启动 pip（{error}）。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_installer.py" line="148"/>
        <source>Installation cancelled; the model is not installed.</source>
        <translation>安装已取消；模型未安装。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_installer.py" line="152"/>
        <source>{model} is installed.</source>
        <translation>{model} 已安装。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_installer.py" line="156"/>
        <source>pip failed (exit {code}): {line}</source>
        <translation>pip 失败（退出码 {code}）：{line}</translation>
    </message>
</context>
<context>
    <name>ModelPage</name>
    <message>
        <location filename="../../widgets/models/model_page.py" line="231"/>
        <source>MiniLM (all-MiniLM-L6-v2: BERT, Post-LN LayerNorm)</source>
        <extracomment>The chosen place: its shape, RMS and max |x|; the norm&apos;s γ and β (empty for a residual state).</extracomment>
        <translation>MiniLM（all-MiniLM-L6-v2：BERT，Post-LN LayerNorm）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="232"/>
        <source>SmolLM2-135M (Llama: Pre-RMSNorm)</source>
        <translation>SmolLM2-135M（Llama：Pre-RMSNorm）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="236"/>
        <source>zero this dimension of the norm&apos;s input</source>
        <translation>把归一化输入的这一维置零</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="237"/>
        <source>set γ of this dimension</source>
        <translation>设置这一维的 γ</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="237"/>
        <source>set β of this dimension</source>
        <translation>设置这一维的 β</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="238"/>
        <source>swap the norm for LayerNorm</source>
        <translation>把这个归一化换成 LayerNorm</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="238"/>
        <source>swap the norm for RMSNorm</source>
        <translation>把这个归一化换成 RMSNorm</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="239"/>
        <source>remove the norm (identity)</source>
        <translation>去掉这个归一化（恒等）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="240"/>
        <source>freeze the norm: its mean scale over the text for every token</source>
        <translation>冻结该归一化：每个 token 都用它在整段文本上的平均缩放</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="241"/>
        <source>zero this dimension of the hidden state</source>
        <translation>把隐藏状态的这一维置零</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="244"/>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="244"/>
        <source>Text:</source>
        <translation>文本：</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="244"/>
        <source>Tokens:</source>
        <translation>词元：</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="245"/>
        <source>Place:</source>
        <translation>位置：</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="245"/>
        <source>State:</source>
        <translation>状态：</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="246"/>
        <source>Edit:</source>
        <translation>修改：</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="246"/>
        <source>Effect:</source>
        <translation>效果：</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="246"/>
        <source>Loss:</source>
        <translation>损失：</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="249"/>
        <source>The chosen place</source>
        <translation>所选位置</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="250"/>
        <source>What if</source>
        <translation>假如</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="252"/>
        <source>Load</source>
        <translation>加载</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="254"/>
        <source>Open folder or GGUF…</source>
        <translation>打开文件夹或 GGUF…</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="255"/>
        <source>Open a Hugging Face folder (config.json, model.safetensors, tokenizer.json) or a .gguf file of the Llama family</source>
        <translation>打开 Hugging Face 格式的文件夹（config.json、model.safetensors、tokenizer.json）或 Llama 系列的 .gguf 文件</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="257"/>
        <source>Loading the model</source>
        <translation>正在加载模型</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="258"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="259"/>
        <source>Stop loading; the model loaded before stays</source>
        <translation>停止加载；之前加载的模型保持不变</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="260"/>
        <source>A sentence, English or Chinese; press Enter to run the model on it</source>
        <translation>输入一句英文或中文；按回车让模型运行这句话</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="261"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="262"/>
        <source>Run the model on the text (Enter in the text field does the same)</source>
        <translation>让模型运行这段文本（在文本框中按回车效果相同）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="263"/>
        <source>Where in the model to look: a residual state, or the input of a norm</source>
        <translation>查看模型中的哪个位置：一个残差状态，或某个归一化层的输入</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="264"/>
        <source>Show in the token grid</source>
        <translation>显示到 token 表格</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="265"/>
        <source>Load this hidden state (and the norm&apos;s γ/β) into the token and γ/β grids, where every other view works on it</source>
        <translation>把这个隐藏状态（以及该归一化的 γ/β）载入 token 和 γ/β 表格，其他所有视图都会用它</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="267"/>
        <source>What to change at the chosen place; the rest of the model runs again from there</source>
        <translation>在所选位置修改什么；模型从那里开始重新运行后面的部分</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="268"/>
        <source>The dimension to edit (it starts at the one with the largest |x| here)</source>
        <translation>要修改的维度（初始为此处 |x| 最大的维度）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="269"/>
        <source>The new value of γ or β in that dimension</source>
        <translation>该维度上 γ 或 β 的新值</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="270"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="271"/>
        <source>Apply the edit and re-run the layers above it</source>
        <translation>应用修改，并重新运行其上方的各层</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="275"/>
        <source>Clear what-ifs</source>
        <translation>清除所有假设</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="276"/>
        <source>Take back every what-if: the unedited model again</source>
        <translation>撤销所有假设修改：恢复未修改的模型</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="281"/>
        <source>dim </source>
        <translation>维 </translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="282"/>
        <source>value </source>
        <translation>值 </translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_figures.py" line="30"/>
        <source>state {k}: after the last block</source>
        <translation>状态 {k}：最后一个 Block 之后</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_figures.py" line="31"/>
        <source>state {k}: entering block {k}</source>
        <translation>状态 {k}：进入 Block {k}</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_figures.py" line="34"/>
        <source>embedding norm</source>
        <translation>嵌入层归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_figures.py" line="36"/>
        <source>final norm</source>
        <translation>最终归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_figures.py" line="16"/>
        <source>attention norm</source>
        <extracomment>Norms of a block by the name a trace gives them (other names, a family&apos;s own, are shown as they are).</extracomment>
        <translation>注意力归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_figures.py" line="17"/>
        <source>FFN norm</source>
        <translation>FFN 归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_figures.py" line="18"/>
        <source>norm after attention</source>
        <translation>注意力之后的归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_figures.py" line="19"/>
        <source>norm after the FFN</source>
        <translation>FFN 之后的归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_figures.py" line="20"/>
        <source>query norm (per head)</source>
        <translation>查询归一化（每个头）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_figures.py" line="21"/>
        <source>key norm (per head)</source>
        <translation>键归一化（每个头）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_figures.py" line="38"/>
        <source>block {k} · {norm}</source>
        <translation>Block {k} · {norm}</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="366"/>
        <source>Loading {model}…</source>
        <translation>正在加载 {model}…</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="384"/>
        <source>{model} is not installed: press Install ({size:g} MB) or run normscope models install {name}.</source>
        <translation>{model} 尚未安装：请按「安装」（{size:g} MB），或运行 normscope models install {name}。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="393"/>
        <source>Open a model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="394"/>
        <source>Models (*.gguf config.json model.safetensors);;GGUF files (*.gguf);;All files (*)</source>
        <translation>模型 (*.gguf config.json model.safetensors);;GGUF 文件 (*.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="408"/>
        <source>{name}: {layers} layers, d = {dims}, {heads} heads ({kv} key/value), {norm}, {placement}</source>
        <translation>{name}：{layers} 层，d = {dims}，{heads} 个头（{kv} 个 key/value 头），{norm}，{placement}</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="419"/>
        <source>Loading cancelled.</source>
        <translation>已取消加载。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="532"/>
        <source>The text was cut to its first {n} tokens.</source>
        <translation>文本被截断为前 {n} 个词元。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="535"/>
        <source>{count} what-if(s) applied</source>
        <translation>已应用 {count} 个假设修改</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="554"/>
        <source>Freezing each block&apos;s norms in turn…</source>
        <translation>正在逐个冻结每个 block 的归一化…</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="559"/>
        <source>Each block frozen in turn: {count} rows in the loss table.</source>
        <translation>已逐个冻结每个 block：损失表中有 {count} 行。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="567"/>
        <source>next token: {top}</source>
        <translation>下一个词元：{top}</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="569"/>
        <source>after the what-if: {top}</source>
        <translation>假设修改后：{top}</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="571"/>
        <source>next-token loss over the text: {loss} nats</source>
        <translation>整段文本的下一个 token 损失：{loss} nats</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="573"/>
        <source>{loss} after the what-ifs (Δ {delta})</source>
        <translation>假设修改后为 {loss}（Δ {delta}）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="576"/>
        <source>sentence embedding&apos;s cosine to the unedited one = {cosine}</source>
        <translation>句向量与未修改时的余弦相似度 = {cosine}</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="586"/>
        <source>after the what-ifs: </source>
        <translation>假设修改后：</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="587"/>
        <source>{tokens} × {dims} · RMS {rms} · max |x| {max} in dim {dim}</source>
        <translation>{tokens} × {dims} · RMS {rms} · 最大 |x| {max}（维度 {dim}）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="596"/>
        <source>— (a residual state has no norm)</source>
        <translation>—（残差状态没有归一化层）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="613"/>
        <source>none (the norm is off)</source>
        <translation>无（归一化已关闭）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="615"/>
        <source>mean {mean} · min {min} · max {max} · dims beyond 4σ: {far}</source>
        <translation>均值 {mean} · 最小 {min} · 最大 {max} · 超出 4σ 的维度：{far}</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="593"/>
        <source>RMSNorm has no β.</source>
        <translation>RMSNorm 没有 β。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="251"/>
        <source>The known models; one not installed yet can be installed here</source>
        <translation>已知的模型；尚未安装的可以在这里安装</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="253"/>
        <source>Load the chosen model (off the UI thread; SmolLM2 takes about 3 s)</source>
        <translation>加载所选模型（在后台线程进行；SmolLM2 约需 3 秒）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="93"/>
        <source>Pick a model and press Load (SmolLM2 takes about 3 s).</source>
        <extracomment>Below this width (pixels) the place and what-if panels are stacked. The analysis drawn now (None before a model&apos;s first run). The loss of freezing each block in turn (rows after the base&apos;s), for the base they were costed on.</extracomment>
        <translation>选择一个模型，然后点“加载”（SmolLM2 大约需要 3 秒）。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="233"/>
        <source>Gemma 3 270M (RMSNorm before and after each sublayer, QK-Norm)</source>
        <translation>Gemma 3 270M（每个子层前后都有 RMSNorm，QK-Norm）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="272"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="273"/>
        <source>Take back the last step: a what-if, Clear what-ifs or a new text (Ctrl+Z in this tab; Ctrl+Shift+Z redoes it)</source>
        <translation>撤销上一步：一次假设修改、清除所有假设或一段新文本（在此标签页中按 Ctrl+Z；Ctrl+Shift+Z 重做）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="277"/>
        <source>Freeze each block in turn</source>
        <translation>逐个冻结每个 block</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="279"/>
        <source>Cost freezing the final norm, then each block&apos;s norms alone, on the unedited run: one row each in the loss table (off the UI thread; a new text stops it)</source>
        <translation>在未修改的运行上，先冻结最终归一化，再分别单独冻结每个 block 的归一化，计算各自的损失：损失表中每项一行（在 UI 线程之外计算；输入新文本会停止它）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="308"/>
        <source>{model} — not installed ({size:g} MB)</source>
        <translation>{model} — 未安装（{size:g} MB）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="325"/>
        <source>{model} is installed: press Load.</source>
        <translation>{model} 已安装：请按“加载”。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/model_page.py" line="614"/>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>ModelSession</name>
    <message>
        <location filename="../../app/window/model_session.py" line="123"/>
        <source>Run the model on “{text}”</source>
        <translation>在“{text}”上运行模型</translation>
    </message>
    <message>
        <location filename="../../app/window/model_session.py" line="131"/>
        <source>What-if</source>
        <translation>假设修改</translation>
    </message>
    <message>
        <location filename="../../app/window/model_session.py" line="136"/>
        <source>Clear what-ifs</source>
        <translation>清除所有假设</translation>
    </message>
</context>
<context>
    <name>ModelTab</name>
    <message>
        <location filename="../../app/window/model_tab.py" line="28"/>
        <source>Model state: {place}</source>
        <translation>模型状态：{place}</translation>
    </message>
    <message>
        <location filename="../../app/window/model_tab.py" line="31"/>
        <source>{model}: {place} ({tokens} × {dims})</source>
        <translation>{model}：{place}（{tokens} × {dims}）</translation>
    </message>
    <message>
        <location filename="../../app/window/model_tab.py" line="32"/>
        <location filename="../../app/window/model_tab.py" line="51"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../app/window/model_tab.py" line="53"/>
        <source>Real-depth plot (Model tab)</source>
        <translation>真实深度图（模型页）</translation>
    </message>
    <message>
        <location filename="../../app/window/model_tab.py" line="54"/>
        <source>Outlier strip (Model tab)</source>
        <translation>离群维度条带图（模型页）</translation>
    </message>
    <message>
        <location filename="../../app/window/model_tab.py" line="55"/>
        <source>Norm input → output plot (Model tab)</source>
        <translation>归一化输入 → 输出图（模型页）</translation>
    </message>
    <message>
        <location filename="../../app/window/model_tab.py" line="56"/>
        <source>Attention-sink map (Model tab)</source>
        <translation>注意力汇聚图（模型标签页）</translation>
    </message>
    <message>
        <location filename="../../app/window/model_tab.py" line="65"/>
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../app/window/model_tab.py" line="67"/>
        <source>&amp;Open model…</source>
        <translation>打开模型(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../app/window/model_tab.py" line="68"/>
        <source>MiniLM (BERT, Post-LN)</source>
        <translation>MiniLM（BERT，Post-LN）</translation>
    </message>
    <message>
        <location filename="../../app/window/model_tab.py" line="69"/>
        <source>SmolLM2-135M (Llama, Pre-RMSNorm)</source>
        <translation>SmolLM2-135M（Llama，Pre-RMSNorm）</translation>
    </message>
    <message>
        <location filename="../../app/window/model_tab.py" line="71"/>
        <source>Gemma 3 270M (RMSNorm before and after each sublayer)</source>
        <translation>Gemma 3 270M（每个子层前后都有 RMSNorm）</translation>
    </message>
</context>
<context>
    <name>NormScatterView</name>
    <message>
        <location filename="../../widgets/models/norm_scatter_view.py" line="37"/>
        <source>input x</source>
        <translation>输入 x</translation>
    </message>
    <message>
        <location filename="../../widgets/models/norm_scatter_view.py" line="38"/>
        <source>normalized output (before γ, β)</source>
        <translation>归一化输出（乘 γ、加 β 之前）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/norm_scatter_view.py" line="44"/>
        <source>A norm&apos;s input → output</source>
        <translation>归一化层的输入 → 输出</translation>
    </message>
    <message>
        <location filename="../../widgets/models/norm_scatter_view.py" line="46"/>
        <source>Pick a norm as the place to see its input → output.</source>
        <translation>选择一个归一化层作为位置，即可查看它的输入 → 输出。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/norm_scatter_view.py" line="47"/>
        <source>Load a model to see a norm&apos;s real input → output.</source>
        <translation>加载模型后可查看归一化层真实的输入 → 输出。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/norm_scatter_view.py" line="49"/>
        <source>{name}: input → output</source>
        <translation>{name}：输入 → 输出</translation>
    </message>
    <message>
        <location filename="../../widgets/models/norm_scatter_view.py" line="51"/>
        <source>{count} of {total} points are NaN or inf: left out.</source>
        <translation>{total} 个点中有 {count} 个是 NaN 或 inf：未画出。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/norm_scatter_view.py" line="54"/>
        <source>line, R² = {r2}</source>
        <translation>直线，R² = {r2}</translation>
    </message>
    <message>
        <location filename="../../widgets/models/norm_scatter_view.py" line="55"/>
        <source>a·tanh(αx) + b, α = {alpha}, R² = {r2}</source>
        <translation>a·tanh(αx) + b，α = {alpha}，R² = {r2}</translation>
    </message>
</context>
<context>
    <name>OneTokenLesson</name>
    <message>
        <location filename="../../widgets/teaching/batchnorm_one_token.py" line="50"/>
        <source>No scenario yet.</source>
        <extracomment>Columns of the table (dimensions) before it is cut.</extracomment>
        <translation>还没有场景。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_one_token.py" line="55"/>
        <source>x (the token)</source>
        <translation>x（该 token ）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_one_token.py" line="56"/>
        <source>running mean</source>
        <translation>滑动均值</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_one_token.py" line="57"/>
        <source>running variance</source>
        <translation>滑动方差</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_one_token.py" line="58"/>
        <source>eval mode (alone)</source>
        <translation>推理模式（单独）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_one_token.py" line="59"/>
        <source>training mode (batch of {n})</source>
        <translation>训练模式（{n} 个 token 的批）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_one_token.py" line="60"/>
        <source>difference</source>
        <translation>差值</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_one_token.py" line="71"/>
        <source>Showing the first {shown} of {d} dimensions.</source>
        <translation>只显示 {d} 个维度中的前 {shown} 个。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_one_token.py" line="74"/>
        <source>Training mode: refused</source>
        <translation>训练模式：拒绝计算</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_one_token.py" line="75"/>
        <source>Alone, {token} gives each dimension a single value: its batch variance is 0, so there is nothing to normalize against. BatchNorm says:</source>
        <translation>单独一个{token}时，每个维度只有一个值：批方差为 0，没有可以参照的统计量。BatchNorm 的报错：</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_one_token.py" line="77"/>
        <source>Eval mode: running statistics</source>
        <translation>推理模式：滑动统计量</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_one_token.py" line="78"/>
        <source>After {steps} training steps over all {n} tokens (momentum {m}), eval mode normalizes {token} alone with the stored running mean and variance: (x − running mean) / √(running variance + ε) · γ + β.</source>
        <translation>在全部 {n} 个 token 上训练 {steps} 步（动量 {m}）后，推理模式用保存的滑动均值和方差单独归一化{token}：(x − 滑动均值) / √(滑动方差 + ε) · γ + β。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_one_token.py" line="82"/>
        <source>Largest difference from its output inside the batch: {diff}. More steps shrink it, but not to 0: the running variance is the unbiased one (÷ (n − 1)), training mode divides by n.</source>
        <translation>与它在批内输出的最大差值：{diff}。步数越多差值越小，但不会到 0：滑动方差是无偏的（÷ (n − 1)），训练模式除以 n。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_one_token.py" line="85"/>
        <source>LayerNorm needs none of this: it normalizes one token with its own row&apos;s mean and standard deviation, the same in training and at generation time.</source>
        <translation>LayerNorm 完全不需要这些：它用 token 自己这一行的均值和标准差归一化，训练和生成时一模一样。</translation>
    </message>
</context>
<context>
    <name>OutlierStripView</name>
    <message>
        <location filename="../../widgets/models/outlier_strip_view.py" line="76"/>
        <source>Outlier dimensions: log₁₀ max |x| over the tokens</source>
        <extracomment>How many outlier dimensions are marked above the strip (the largest). A mark&apos;s label is left out when it would come closer to a larger one than the width of this text. Sequential and colour-blind safe: dark for the typical dimensions, bright for the outliers. Per dimension, the state where it stands out most (largest |x| first).</extracomment>
        <translation>离群维度：各词元上 log₁₀ 最大 |x|</translation>
    </message>
    <message>
        <location filename="../../widgets/models/outlier_strip_view.py" line="77"/>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <location filename="../../widgets/models/outlier_strip_view.py" line="78"/>
        <source>state</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../widgets/models/outlier_strip_view.py" line="79"/>
        <source>log₁₀ max |x|</source>
        <translation>log₁₀ 最大 |x|</translation>
    </message>
    <message>
        <location filename="../../widgets/models/outlier_strip_view.py" line="85"/>
        <source>Load a model to see which dimensions carry massive activations.</source>
        <translation>加载模型后可查看哪些维度带有超大激活值。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/outlier_strip_view.py" line="87"/>
        <source>{count} of {total} cells are NaN or inf: drawn at the top of the scale (inf) or blank (NaN).</source>
        <translation>{total} 个单元格中有 {count} 个是 NaN 或 inf：inf 画成色标顶端的颜色，NaN 留空。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/outlier_strip_view.py" line="90"/>
        <source>No dimension stands beyond 4σ of its state.</source>
        <translation>没有维度超出所在状态的 4σ。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/outlier_strip_view.py" line="191"/>
        <source>{n} dims beyond 4σ</source>
        <translation>{n} 个维度超出 4σ</translation>
    </message>
    <message>
        <location filename="../../widgets/models/outlier_strip_view.py" line="197"/>
        <source>token {token} “{label}”</source>
        <translation>词元 {token}“{label}”</translation>
    </message>
    <message>
        <location filename="../../widgets/models/outlier_strip_view.py" line="200"/>
        <source>d{dim}: {value} at {token} (state {state})</source>
        <translation>d{dim}：{value}，位于{token}（状态 {state}）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/outlier_strip_view.py" line="209"/>
        <source>state {state}, d{dim}: max |x| = {value} at {token}</source>
        <translation>状态 {state}，d{dim}：最大 |x| = {value}，位于{token}</translation>
    </message>
    <message>
        <location filename="../../widgets/models/outlier_strip_view.py" line="212"/>
        <source>beyond 4σ of this state: an outlier dimension</source>
        <translation>超出该状态的 4σ：离群维度</translation>
    </message>
</context>
<context>
    <name>PlacementNames</name>
    <message>
        <location filename="../../widgets/plots/placement_names.py" line="12"/>
        <source>{name}, norms × 1/√l</source>
        <translation>{name}，归一化 × 1/√l</translation>
    </message>
</context>
<context>
    <name>PlacementPicker</name>
    <message>
        <location filename="../../widgets/plots/placement_picker.py" line="66"/>
        <source>no norm</source>
        <extracomment>Every stack that can be drawn, in menu order. Drawn until the user picks otherwise (with the chosen placement).</extracomment>
        <translation>无归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/placement_picker.py" line="68"/>
        <source>Draw: {stack}</source>
        <translation>绘制：{stack}</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/placement_picker.py" line="69"/>
        <source>Draw this stack&apos;s curves in the depth and gradient plots</source>
        <translation>在深度图和梯度图中绘制这一堆叠的曲线</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/placement_picker.py" line="70"/>
        <source>Draw: {stack} (the chosen placement)</source>
        <translation>绘制：{stack}（当前选择的位置）</translation>
    </message>
</context>
<context>
    <name>PlotMenu</name>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="19"/>
        <source>View All</source>
        <extracomment>The menu&apos;s own entries, in the order pyqtgraph adds them (submenus by their actions).</extracomment>
        <translation>显示全部</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="19"/>
        <source>X axis</source>
        <translation>X 轴</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="20"/>
        <source>Y axis</source>
        <translation>Y 轴</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="20"/>
        <source>Mouse Mode</source>
        <translation>鼠标模式</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="21"/>
        <source>3 button</source>
        <translation>三键（左键平移）</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="21"/>
        <source>1 button</source>
        <translation>单键（左键框选缩放）</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="24"/>
        <source>Link Axis:</source>
        <extracomment>Each widget of the X and Y axis forms (pyqtgraph&apos;s axisCtrlTemplate): its text (&quot;&quot; has none) and tooltip.</extracomment>
        <translation>关联坐标轴：</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="25"/>
        <source>Links this axis with another view. When linked, both views will display the same data range.</source>
        <translation>把这个坐标轴与另一个视图关联。关联后两个视图显示相同的数据范围。</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="27"/>
        <source>Percent of data to be visible when auto-scaling. It may be useful to decrease this value for data with spiky noise.</source>
        <translation>自动缩放时可见数据的百分比。数据有尖峰噪声时，调低此值可能有用。</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="30"/>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="31"/>
        <source>Automatically resize this axis whenever the displayed data is changed.</source>
        <translation>显示的数据变化时自动调整这个坐标轴的范围。</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="33"/>
        <source>Manual</source>
        <translation>手动</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="34"/>
        <source>Set the range for this axis manually. This disables automatic scaling.</source>
        <translation>手动设置这个坐标轴的范围。这会关闭自动缩放。</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="36"/>
        <source>Minimum value to display for this axis.</source>
        <translation>这个坐标轴显示的最小值。</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="37"/>
        <source>Maximum value to display for this axis.</source>
        <translation>这个坐标轴显示的最大值。</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="38"/>
        <source>Invert Axis</source>
        <translation>反转坐标轴</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="39"/>
        <source>Inverts the display of this axis.</source>
        <translation>反向显示这个坐标轴。</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="40"/>
        <source>Mouse Enabled</source>
        <translation>允许鼠标操作</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="41"/>
        <source>Enables mouse interaction (panning, scaling) for this axis.</source>
        <translation>允许用鼠标在这个坐标轴上平移和缩放。</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="42"/>
        <source>Visible Data Only</source>
        <translation>仅可见数据</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="43"/>
        <source>When checked, the axis will only auto-scale to data that is visible along the orthogonal axis.</source>
        <translation>勾选后，这个坐标轴只按另一坐标轴方向上可见的数据自动缩放。</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="45"/>
        <source>Auto Pan Only</source>
        <translation>仅自动平移</translation>
    </message>
    <message>
        <location filename="../../widgets/plotkit/menu_text.py" line="46"/>
        <source>When checked, the axis will automatically pan to center on the current data, but the scale along this axis will not change.</source>
        <translation>勾选后，这个坐标轴会自动平移使当前数据居中，但不改变这个坐标轴的比例。</translation>
    </message>
</context>
<context>
    <name>PlotsPage</name>
    <message>
        <location filename="../../widgets/plots/plots_page.py" line="86"/>
        <source>μ/σ plot</source>
        <extracomment>In presentation mode, the stretches that give the view a lesson step is about the most room instead (a step asking for 西安&apos;s μ showed the μ/σ plot as the smallest of the five).</extracomment>
        <translation>μ/σ 图</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/plots_page.py" line="86"/>
        <source>Depth plot</source>
        <translation>深度图</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/plots_page.py" line="86"/>
        <source>Gradient plot</source>
        <translation>梯度图</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/plots_page.py" line="87"/>
        <source>Stage heatmaps</source>
        <translation>各阶段热力图</translation>
    </message>
</context>
<context>
    <name>Problem</name>
    <message>
        <location filename="../../engine/files/bounded_read.py" line="31"/>
        <source>can&apos;t be read ({reason})</source>
        <extracomment>Bytes read per step: each step reports progress and gives a cancel request its chance. Hears the fraction of the work done, from 0 to 1; raising ``Cancelled`` stops the load.</extracomment>
        <translation>无法读取（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="41"/>
        <source>has an unknown type; save as {types}</source>
        <extracomment>Files above this are refused before reading: a 2048 × 4096 float64 CSV is about 150 MB. Values an array read from a file may hold, before it is converted: as many as 256 MB of float64 (a 256 MB file of int8, or of &quot;0,0,0,...&quot;, would otherwise become 1-2 GB of float64). Bytes of CSV decoded and split per step. The share of a load&apos;s progress that reading the bytes takes; parsing takes the rest.</extracomment>
        <translation>文件类型未知；请保存为 {types}</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="43"/>
        <source>has an unknown type; open {types}</source>
        <translation>文件类型未知；请打开 {types}</translation>
    </message>
    <message>
        <location filename="../../engine/files/bounded_read.py" line="37"/>
        <location filename="../../engine/models/loading.py" line="37"/>
        <source>is a folder, not a file</source>
        <translation>是文件夹，不是文件</translation>
    </message>
    <message>
        <location filename="../../engine/files/bounded_read.py" line="39"/>
        <source>is a pipe (FIFO), not a file; only regular files are read</source>
        <translation>是管道（FIFO），不是文件；只读取普通文件</translation>
    </message>
    <message>
        <location filename="../../engine/files/bounded_read.py" line="41"/>
        <source>is a device, not a file; only regular files are read</source>
        <translation>是设备，不是文件；只读取普通文件</translation>
    </message>
    <message>
        <location filename="../../engine/files/bounded_read.py" line="42"/>
        <source>is not a regular file; only regular files are read</source>
        <translation>不是普通文件；只读取普通文件</translation>
    </message>
    <message>
        <location filename="../../engine/files/bounded_read.py" line="47"/>
        <source>is {size} MB; files above {limit} MB are refused</source>
        <translation>大小为 {size} MB；超过 {limit} MB 的文件不予读取</translation>
    </message>
    <message>
        <location filename="../../engine/files/bounded_read.py" line="81"/>
        <location filename="../../engine/files/bounded_read.py" line="102"/>
        <source>is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <location filename="../../engine/files/bounded_read.py" line="96"/>
        <source>changed while it was read; try again</source>
        <translation>读取期间被改动；请重试</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="55"/>
        <source>holds {dtype} values, not real numbers</source>
        <translation>包含 {dtype} 类型的值，不是实数</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="58"/>
        <source>holds an array of shape {shape}; a token matrix must be 2-D</source>
        <translation>数组形状为 {shape}；token 矩阵必须是二维的</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="59"/>
        <source>holds an array of shape {shape}; γ or β must be 1-D</source>
        <translation>数组形状为 {shape}；γ 或 β 必须是一维的</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="62"/>
        <source>holds an empty array of shape {shape}</source>
        <translation>数组为空，形状为 {shape}</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="66"/>
        <source>holds a value that is not a finite number (at position {position})</source>
        <translation>含有不是有限数的值（位置 {position}）</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="93"/>
        <location filename="../../engine/lessons/lesson_file.py" line="95"/>
        <location filename="../../engine/state/session.py" line="277"/>
        <source>is not UTF-8 text (is it a binary file?)</source>
        <translation>不是 UTF-8 文本（是二进制文件吗？）</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="95"/>
        <location filename="../../engine/training/data.py" line="116"/>
        <source>is not a text file (it contains NUL bytes)</source>
        <translation>不是文本文件（含有 NUL 字节）</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="121"/>
        <source>has no rows</source>
        <translation>没有任何行</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="126"/>
        <source>has a header but no numbers</source>
        <translation>只有表头，没有数字</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="132"/>
        <source>has labels but no numbers</source>
        <translation>只有标签，没有数字</translation>
    </message>
    <message>
        <location filename="../../engine/files/array_formats.py" line="36"/>
        <source>is not an NPY file (it doesn&apos;t start with the NPY signature)</source>
        <extracomment>Members an NPZ may hold: a session snapshot has four, a user&apos;s archive a handful. safetensors dtype names and the NumPy dtypes they are read as (BF16 is widened by hand).</extracomment>
        <translation>不是 NPY 文件（开头没有 NPY 标识）</translation>
    </message>
    <message>
        <location filename="../../engine/files/array_formats.py" line="44"/>
        <source>declares a {shape} array ({count} values); at most {limit} values are read</source>
        <translation>声明了 {shape} 的数组（{count} 个值）；最多读取 {limit} 个值</translation>
    </message>
    <message>
        <location filename="../../engine/files/array_formats.py" line="60"/>
        <source>is not a valid .npy file (version {version} is not read)</source>
        <translation>不是有效的 .npy 文件（不读取版本 {version}）</translation>
    </message>
    <message>
        <location filename="../../engine/files/array_formats.py" line="65"/>
        <source>is not a valid .npy file ({reason})</source>
        <translation>不是有效的 .npy 文件（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/files/array_formats.py" line="77"/>
        <source>holds Python objects; only plain numeric arrays are loaded (no pickle)</source>
        <translation>含有 Python 对象；只读取纯数值数组（不使用 pickle）</translation>
    </message>
    <message>
        <location filename="../../engine/files/array_formats.py" line="79"/>
        <source>is not a valid .npy file (negative shape {shape})</source>
        <translation>不是有效的 .npy 文件（形状 {shape} 为负）</translation>
    </message>
    <message>
        <location filename="../../engine/files/array_formats.py" line="85"/>
        <source>is cut short: its header declares a {shape} {dtype} array ({need} bytes) but {have} bytes follow</source>
        <translation>不完整：文件头声明了 {shape} 的 {dtype} 数组（{need} 字节），但后面只有 {have} 字节</translation>
    </message>
    <message>
        <location filename="../../engine/files/array_formats.py" line="106"/>
        <source>is not a valid .npz file ({reason})</source>
        <translation>不是有效的 .npz 文件（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/files/array_formats.py" line="116"/>
        <source>is not a valid .npz file (no arrays in it)</source>
        <translation>不是有效的 .npz 文件（其中没有数组）</translation>
    </message>
    <message>
        <location filename="../../engine/files/array_formats.py" line="118"/>
        <source>holds {count} members; at most {limit} are read</source>
        <translation>含有 {count} 个成员；最多读取 {limit} 个</translation>
    </message>
    <message>
        <location filename="../../engine/files/array_formats.py" line="126"/>
        <location filename="../../engine/files/array_formats.py" line="148"/>
        <source>is not a valid .npz file (member {name} is not an array)</source>
        <translation>不是有效的 .npz 文件（成员 {name} 不是数组）</translation>
    </message>
    <message>
        <location filename="../../engine/files/array_formats.py" line="150"/>
        <source>member {name} {problem}</source>
        <translation>成员 {name} {problem}</translation>
    </message>
    <message>
        <location filename="../../engine/files/array_formats.py" line="158"/>
        <source>inflates to more than {size} MB; archives above {limit} MB inflated are refused</source>
        <translation>解压后超过 {size} MB；解压后大于 {limit} MB 的压缩包不予读取</translation>
    </message>
    <message>
        <location filename="../../engine/files/array_formats.py" line="174"/>
        <location filename="../../engine/models/hf_folder.py" line="239"/>
        <source>is not a readable .safetensors file ({reason})</source>
        <extracomment>safetensors dtypes the engine computes in (float16/bfloat16 widened to float32, as the reference does).</extracomment>
        <translation>不是可读取的 .safetensors 文件（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="198"/>
        <source>holds {names}; name the token matrix &apos;matrix&apos;</source>
        <translation>包含 {names}；请把 token 矩阵命名为 &apos;matrix&apos;</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="204"/>
        <source>its labels must be {count} strings, got {dtype} {shape}</source>
        <translation>标签必须是 {count} 个字符串，实际为 {dtype} {shape}</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="168"/>
        <source>has no tensors</source>
        <translation>没有任何张量</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="170"/>
        <source>has no 1-D tensor of length {length} (it has {shapes})</source>
        <translation>没有长度为 {length} 的一维张量（其中有 {shapes}）</translation>
    </message>
    <message>
        <location filename="../../engine/files/io.py" line="230"/>
        <source>holds {count} values; the matrix has {length} dimensions</source>
        <translation>有 {count} 个值；矩阵有 {length} 个维度</translation>
    </message>
    <message>
        <location filename="../../engine/setup/scenario.py" line="25"/>
        <source>{name} must hold real numbers, not {kind}</source>
        <translation>{name} 必须由实数组成，而不是 {kind}</translation>
    </message>
    <message>
        <location filename="../../engine/setup/scenario.py" line="32"/>
        <source>{name} must be a table of numbers of equal-length rows</source>
        <translation>{name} 必须是各行等长的数字表</translation>
    </message>
    <message>
        <location filename="../../engine/setup/scenario.py" line="35"/>
        <source>{name} must be {ndim}-D, got shape {shape}</source>
        <translation>{name} 必须是 {ndim} 维的，实际形状为 {shape}</translation>
    </message>
    <message>
        <location filename="../../engine/setup/scenario.py" line="40"/>
        <source>{name} holds a value that is not a finite number in {dtype}</source>
        <translation>{name} 含有在 {dtype} 中不是有限数的值</translation>
    </message>
    <message>
        <location filename="../../engine/setup/scenario.py" line="53"/>
        <source>{name} has {cells} values; at most {limit} are supported</source>
        <translation>{name} 有 {cells} 个值；最多支持 {limit} 个</translation>
    </message>
    <message>
        <location filename="../../engine/setup/scenario.py" line="130"/>
        <source>a token label has {length} characters; at most {limit} are supported</source>
        <translation>有一个 token 标签长 {length} 个字符；最多支持 {limit} 个</translation>
    </message>
    <message>
        <location filename="../../engine/setup/scenario.py" line="98"/>
        <source>the matrix needs at least one token and one dimension, got {tokens} × {dims}</source>
        <translation>矩阵至少需要一个 token 和一个维度，实际为 {tokens} × {dims}</translation>
    </message>
    <message>
        <location filename="../../engine/setup/scenario.py" line="101"/>
        <source>the matrix is {tokens} × {dims}; at most {max_tokens} tokens and {max_dims} dimensions are supported</source>
        <translation>矩阵为 {tokens} × {dims}；最多支持 {max_tokens} 个 token 和 {max_dims} 个维度</translation>
    </message>
    <message>
        <location filename="../../engine/setup/scenario.py" line="123"/>
        <source>labels must be a list of texts</source>
        <translation>标签必须是文本列表</translation>
    </message>
    <message>
        <location filename="../../engine/setup/scenario.py" line="126"/>
        <source>{count} token labels for {rows} rows</source>
        <translation>{rows} 行却有 {count} 个 token 标签</translation>
    </message>
    <message>
        <location filename="../../engine/setup/scenario.py" line="111"/>
        <source>{name} has {count} values for {dims} dimensions</source>
        <translation>{name} 有 {count} 个值，而维度数为 {dims}</translation>
    </message>
    <message>
        <location filename="../../engine/setup/scenario.py" line="114"/>
        <source>{heads} heads do not divide d = {dims}</source>
        <translation>{heads} 个头不能整除 d = {dims}</translation>
    </message>
    <message>
        <location filename="../../engine/setup/limits.py" line="117"/>
        <source>{name} must be true or false, got {value}</source>
        <translation>{name} 必须为 true 或 false，实际为 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/step_state.py" line="45"/>
        <source>state has an unknown key {key}; use {known}</source>
        <translation>state 含有未知的键 {key}；可用：{known}</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/step_state.py" line="48"/>
        <source>state&apos;s view must be one of {choices}; got {value}</source>
        <translation>state 的 view 必须是 {choices} 之一；得到的是 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/step_state.py" line="51"/>
        <source>state needs a preset or a matrix</source>
        <translation>state 需要 preset 或 matrix</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/step_state.py" line="54"/>
        <location filename="../../engine/setup/limits.py" line="122"/>
        <source>{name} must be one of {choices}; got {value}</source>
        <translation>{name} 必须是 {choices} 之一；实际为 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/step_state.py" line="68"/>
        <source>state holds a value of the wrong kind</source>
        <translation>state 含有类型不对的值</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/step_state.py" line="71"/>
        <source>state&apos;s row {row} is out of range (0 to {last})</source>
        <translation>state 的 row {row} 超出范围（0 到 {last}）</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/step_state.py" line="75"/>
        <source>state&apos;s model must be one of {choices}, with the view model; got {value}</source>
        <translation>state 的 model 必须是 {choices} 之一，且 view 为 model；得到的是 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/setup/limits.py" line="127"/>
        <source>{name} must be an integer, got {value}</source>
        <translation>{name} 必须是整数，实际为 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/setup/limits.py" line="132"/>
        <source>{name} must be a number, got {value}</source>
        <translation>{name} 必须是数字，实际为 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/setup/limits.py" line="137"/>
        <source>{name} must be a finite number, got {value}</source>
        <translation>{name} 必须是有限数，实际为 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/setup/limits.py" line="140"/>
        <source>{name} must lie in [{low}, {high}], got {value}</source>
        <translation>{name} 必须在 [{low}, {high}] 范围内，实际为 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="155"/>
        <source>not a NormScope snapshot ({reason})</source>
        <translation>不是 NormScope 快照（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="158"/>
        <source>not a NormScope snapshot</source>
        <translation>不是 NormScope 快照</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="217"/>
        <source>field &apos;{name}&apos; must be a {ndim}-D list of numbers</source>
        <translation>字段 &apos;{name}&apos; 必须是 {ndim} 维的数字列表</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="177"/>
        <location filename="../../engine/state/session.py" line="247"/>
        <source>field &apos;{name}&apos; must be {expected}, got {got}</source>
        <translation>字段 &apos;{name}&apos; 必须是 {expected}，实际为 {got}</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="251"/>
        <source>field &apos;labels&apos; must be a list of strings</source>
        <translation>字段 &apos;labels&apos; 必须是字符串列表</translation>
    </message>
    <message>
        <location filename="../../engine/files/safe_json.py" line="49"/>
        <source>an integer with {digits} digits is too large</source>
        <extracomment>Deeper nesting than any NormScope or safetensors header needs, far below Python&apos;s recursion limit. Digits an integer may have: any setting&apos;s range fits, and float() of it stays finite. Strings (with their escapes), removed before brackets are counted: a &quot;[&quot; inside a label nests nothing. The brackets&apos; contributions to depth, by byte (others contribute 0). Characters counted per step, which bounds the scan&apos;s scratch memory.</extracomment>
        <translation>有 {digits} 位数字的整数过大</translation>
    </message>
    <message>
        <location filename="../../engine/files/safe_json.py" line="55"/>
        <source>{name} is not a finite number</source>
        <translation>{name} 不是有限数</translation>
    </message>
    <message>
        <location filename="../../engine/files/safe_json.py" line="67"/>
        <source>nested {depth} levels deep; at most {limit} are read</source>
        <translation>嵌套了 {depth} 层；最多读取 {limit} 层</translation>
    </message>
    <message>
        <location filename="../../engine/files/safe_json.py" line="72"/>
        <source>not valid JSON (line {line}, column {column}: {reason})</source>
        <translation>不是有效的 JSON（第 {line} 行第 {column} 列：{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="152"/>
        <source>its header is not text</source>
        <extracomment>Fields a version-1 session (before the norm variants) lacks, and the values that reproduce it: its stacks were drawn with every matrix N(0, 1/d). Above this many numbers a session is written compactly: exact float64 text instead of the shortest per-value text (which costs ~3 µs a number), and no line per row. The snapshot&apos;s members besides the scenario&apos;s arrays: A&apos;s arrays (prefixed) and the training runs. A snapshot may hold two scenarios at the matrix cap (the current one and A) and the runs beside them. Characters of the session file&apos;s path a snapshot names (any real path is far shorter).</extracomment>
        <translation>其文件头不是文本</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="175"/>
        <source>field &apos;session_path&apos; must be a file&apos;s path</source>
        <translation>字段“session_path”必须是文件路径</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="187"/>
        <location filename="../../engine/state/session.py" line="191"/>
        <source>its training runs are not UTF-8 text</source>
        <translation>其中的训练记录不是 UTF-8 文本</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="233"/>
        <location filename="../../engine/state/session.py" line="256"/>
        <source>field &apos;{name}&apos; holds a number too large to be finite</source>
        <translation>字段 &apos;{name}&apos; 含有过大而无法成为有限数的数</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="308"/>
        <source>not a NormScope session (no &quot;format&quot;: &quot;{format}&quot;)</source>
        <translation>不是 NormScope 会话（没有 &quot;format&quot;: &quot;{format}&quot;）</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="312"/>
        <source>field &apos;scenario&apos; is missing or not an object</source>
        <translation>字段 &apos;scenario&apos; 缺失或不是对象</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="332"/>
        <source>field &apos;pinned&apos; (the scenario pinned as A) is not an object</source>
        <translation>字段 &apos;pinned&apos;（固定为 A 的场景）不是对象</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="336"/>
        <source>the scenario pinned as A: {problem}</source>
        <translation>固定为 A 的场景：{problem}</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="399"/>
        <source>field &apos;version&apos; must be an integer</source>
        <extracomment>Above this many characters a session&apos;s matrix is read apart from the rest of the JSON. The sections whose &quot;matrix&quot; may be read apart, in the order a session writes them.</extracomment>
        <translation>字段 &apos;version&apos; 必须是整数</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="401"/>
        <source>written by a newer NormScope (session version {version}); fields it added are ignored</source>
        <translation>由更新版本的 NormScope 写入（会话版本 {version}）；其新增的字段已忽略</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="194"/>
        <location filename="../../engine/state/session.py" line="324"/>
        <location filename="../../engine/state/session.py" line="407"/>
        <source>ignored unknown field(s): {names}</source>
        <translation>已忽略未知字段：{names}</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="413"/>
        <source>missing field(s): {names}</source>
        <translation>缺少字段：{names}</translation>
    </message>
    <message>
        <location filename="../../engine/state/session.py" line="418"/>
        <source>invalid session: {problem}</source>
        <translation>会话无效：{problem}</translation>
    </message>
    <message>
        <location filename="../../engine/files/table_text.py" line="36"/>
        <source>empty cell: type a number</source>
        <extracomment>What a person types as a number: ASCII digits, one optional point, an optional exponent, and a sign that may be U+2212 − (the minus sign the app itself displays). Python&apos;s float() also takes other scripts&apos; digits (١٢٣, １２), underscores, &quot;nan&quot; and &quot;inf&quot;: none of those is a cell value. Block text made only of these characters can go to NumPy&apos;s converter in one call: on them, float()&apos;s grammar is exactly ``_NUMBER``&apos;s (so any other character sends a block the slow way). Values a block may hold: 256 MB of float64 (a 2048 × 4096 matrix is a quarter of it). Cells converted per step of a block: small enough for a progress report every few milliseconds. Shortest text that can underflow without an exponent in float32 (&quot;0.&quot; and 45 zeros); below it and without an &quot;e&quot;, a zero value means the text was zero.</extracomment>
        <translation>空单元格：请输入一个数</translation>
    </message>
    <message>
        <location filename="../../engine/files/table_text.py" line="37"/>
        <source>“{text}” is not a number (type digits 0-9, “.”, “e” and a sign)</source>
        <translation>「{text}」不是数（请输入数字 0-9、“.”、“e” 和正负号）</translation>
    </message>
    <message>
        <location filename="../../engine/files/table_text.py" line="38"/>
        <source>“{text}” is not a finite {dtype} number (|x| ≤ {limit})</source>
        <translation>「{text}」不是有限的 {dtype} 数（|x| ≤ {limit}）</translation>
    </message>
    <message>
        <location filename="../../engine/files/table_text.py" line="39"/>
        <source>“{text}” is too close to 0 for {dtype} (it would be stored as 0); type 0 if you mean it</source>
        <translation>「{text}」对 {dtype} 而言太接近 0（会被存为 0）；如果本意是 0，请输入 0</translation>
    </message>
    <message>
        <location filename="../../engine/files/table_text.py" line="61"/>
        <source>no numbers found</source>
        <translation>没有找到数字</translation>
    </message>
    <message>
        <location filename="../../engine/files/table_text.py" line="62"/>
        <source>row {line} has {count} values but row {first} has {width}: the block must be rectangular</source>
        <translation>第 {line} 行有 {count} 个值，而第 {first} 行有 {width} 个：数据块必须是矩形</translation>
    </message>
    <message>
        <location filename="../../engine/files/table_text.py" line="64"/>
        <source>row {line}, column {column}: {cause}</source>
        <translation>第 {line} 行第 {column} 列：{cause}</translation>
    </message>
    <message>
        <location filename="../../engine/files/table_text.py" line="65"/>
        <source>line {line} has {count} values but line {first} has {width}: the block must be rectangular</source>
        <translation>第 {line} 行有 {count} 个值，而第 {first} 行有 {width} 个：数据必须是矩形的</translation>
    </message>
    <message>
        <location filename="../../engine/files/table_text.py" line="67"/>
        <source>line {line}, column {column}: {cause}</source>
        <translation>第 {line} 行第 {column} 列：{cause}</translation>
    </message>
    <message>
        <location filename="../../engine/files/table_text.py" line="68"/>
        <source>{count} rows × {width} columns is more than {limit} values</source>
        <translation>{count} 行 × {width} 列超过了 {limit} 个值</translation>
    </message>
    <message>
        <location filename="../../widgets/common/problem_text.py" line="19"/>
        <source>{file}: {problem}</source>
        <translation>{file}：{problem}</translation>
    </message>
    <message>
        <location filename="../../engine/results/compute.py" line="127"/>
        <source>Simulated on the first {used} of the {tokens} tokens only.</source>
        <extracomment>Labels of the tokens ``stages`` were computed for: while stale they may differ from the scenario&apos;s (tokens removed since). The law each stack of ``depth`` follows (engine.core.depth_laws), measured where ``depth`` was computed (on the worker for large stacks) so the caption under the plots only words it.</extracomment>
        <translation>只模拟了 {tokens} 个 token 中的前 {used} 个。</translation>
    </message>
    <message>
        <location filename="../../engine/results/compute.py" line="144"/>
        <source>The normalized matrix overflows {dtype} (first in row {token}); values that are inf or NaN are left out of the plots.</source>
        <translation>归一化后的矩阵超出了 {dtype} 的范围（最早在 {token} 行）；inf 或 NaN 的值不画进图里。</translation>
    </message>
    <message>
        <location filename="../../engine/results/compute.py" line="146"/>
        <source>The block simulation overflows {dtype}: some stages hold inf or NaN.</source>
        <translation>Block 模拟超出了 {dtype} 的范围：有些阶段含有 inf 或 NaN。</translation>
    </message>
    <message>
        <location filename="../../engine/results/compute.py" line="147"/>
        <source>The depth simulation overflows {dtype} from layer {layer} on; those layers are left out of the plot.</source>
        <translation>深度模拟从第 {layer} 层起超出了 {dtype} 的范围；这些层不画进图里。</translation>
    </message>
    <message>
        <location filename="../../engine/results/compute.py" line="149"/>
        <source>Gradient norms overflow from layer {layer} on; those layers are left out of the plot.</source>
        <translation>梯度范数从第 {layer} 层起溢出；这些层不画进图里。</translation>
    </message>
    <message>
        <location filename="../../engine/results/compute.py" line="151"/>
        <source>The toy v ← a·v + b overflows from layer {layer} on; those layers are left out of the plot.</source>
        <translation>玩具模型 v ← a·v + b 从第 {layer} 层起溢出；这些层不画进图里。</translation>
    </message>
    <message>
        <location filename="../../engine/results/compute.py" line="250"/>
        <source>BatchNorm can&apos;t normalize a single token in training mode (its batch variance is 0); showing eval mode with the default running statistics (mean 0, variance 1), which only multiplies by γ/√(1 + ε) and adds β.</source>
        <extracomment>Eval mode needs running statistics: the main views assume this many training steps on the matrix itself first (from the default buffers, mean 0 and variance 1).</extracomment>
        <translation>训练模式下 BatchNorm 无法归一化单个 token（其批方差为 0）；此处显示评估模式，使用默认的运行统计量（均值 0、方差 1），因此只是乘以 γ/√(1 + ε) 再加上 β。</translation>
    </message>
    <message>
        <location filename="../../engine/results/compute.py" line="302"/>
        <source>Block simulation skipped: one block at d = {d} needs {need:.1f} GiB of memory (limit {limit:.0f} GiB).</source>
        <translation>已跳过 Block 模拟：d = {d} 时一个 Block 需要 {need:.1f} GiB 内存（上限 {limit:.0f} GiB）。</translation>
    </message>
    <message>
        <location filename="../../engine/results/compute.py" line="320"/>
        <source>Block and depth simulations skipped: d = {d} is wider than {limit}, the widest they draw weights for.</source>
        <translation>已跳过块模拟和深度模拟：d = {d} 宽于 {limit}，这是它们生成权重的最大宽度。</translation>
    </message>
    <message>
        <location filename="../../engine/results/compute.py" line="335"/>
        <source>The block and depth simulations run BatchNorm in eval mode with the default running statistics (mean 0, variance 1) in every layer: each BatchNorm there only multiplies by γ/√(1 + ε) and adds β.</source>
        <translation>模块与深度模拟在每一层都以评估模式运行 BatchNorm，使用默认的运行统计量（均值 0、方差 1）：那里的每个 BatchNorm 只是乘以 γ/√(1 + ε) 再加上 β。</translation>
    </message>
    <message>
        <location filename="../../engine/results/compute.py" line="340"/>
        <source>The block and depth simulations run on a single token, where BatchNorm can&apos;t train: they use eval mode with the default running statistics (mean 0, variance 1), so each BatchNorm there only multiplies by γ/√(1 + ε) and adds β (with γ = 1 and β = 0 its curves are the no-norm curves).</source>
        <translation>模块与深度模拟只在一个 token 上运行，此时 BatchNorm 无法训练：它们改用评估模式和默认的运行统计量（均值 0、方差 1），因此那里的每个 BatchNorm 只是乘以 γ/√(1 + ε) 再加上 β（当 γ = 1、β = 0 时，其曲线就是无归一化的曲线）。</translation>
    </message>
    <message>
        <location filename="../../engine/results/compute.py" line="393"/>
        <source>Depth simulation skipped: {layers} layers at d = {d} need {need:.1f} GiB of memory (limit {limit:.0f} GiB). Fewer layers or dimensions bring it back.</source>
        <translation>已跳过深度模拟：d = {d} 时 {layers} 层需要 {need:.1f} GiB 内存（上限 {limit:.0f} GiB）。减少层数或维度即可恢复。</translation>
    </message>
    <message>
        <location filename="../../engine/models/checkpoint.py" line="31"/>
        <source>holds {size} MB of weights as float32; NormScope runs models up to {limit} MB</source>
        <translation>按 float32 计有 {size} MB 权重；NormScope 只能运行不超过 {limit} MB 的模型</translation>
    </message>
    <message>
        <location filename="../../engine/models/checkpoint.py" line="116"/>
        <source>has no tensor for {name} ({where})</source>
        <translation>缺少 {name} 的张量（{where}）</translation>
    </message>
    <message>
        <location filename="../../engine/models/checkpoint.py" line="120"/>
        <source>has a tensor {name} ({where}) of shape {shape}; the config needs {expected}</source>
        <translation>张量 {name}（{where}）的形状为 {shape}；配置要求 {expected}</translation>
    </message>
    <message>
        <location filename="../../engine/models/checkpoint.py" line="129"/>
        <source>has heads of {size} dimensions; RoPE needs an even number</source>
        <translation>每个头有 {size} 维；RoPE 需要偶数维</translation>
    </message>
    <message>
        <location filename="../../engine/models/checkpoint.py" line="141"/>
        <source>has {found} layers; the config says {expected}</source>
        <translation>有 {found} 层；配置写的是 {expected} 层</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_header.py" line="55"/>
        <source>has {key} as an array of {kind}; strings were expected</source>
        <extracomment>Value types with a fixed size, by GGUF&apos;s number: as NumPy dtypes (7 is a bool byte).</extracomment>
        <translation>{key} 是由{kind}组成的数组；应为字符串数组</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_header.py" line="125"/>
        <location filename="../../engine/models/gguf_header.py" line="196"/>
        <location filename="../../engine/models/gguf_header.py" line="268"/>
        <location filename="../../engine/models/model_limits.py" line="75"/>
        <source>is not a complete GGUF file (truncated or of another kind: {reason})</source>
        <translation>不是完整的 GGUF 文件（被截断或是别的格式：{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_header.py" line="139"/>
        <source>declares a string of {length} bytes ({what}); at most {limit} are read</source>
        <translation>声明了一个 {length} 字节的字符串（{what}）；最多读取 {limit} 字节</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_header.py" line="159"/>
        <source>has a metadata entry {key} of unknown type {kind}</source>
        <translation>元数据项 {key} 类型未知（{kind}）</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_header.py" line="171"/>
        <source>has {key} as an array of {kind}; NormScope reads arrays of numbers or strings</source>
        <translation>{key} 是由{kind}组成的数组；NormScope 只读取数字或字符串数组</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_header.py" line="212"/>
        <source>is not a GGUF file (it doesn&apos;t start with GGUF)</source>
        <translation>不是 GGUF 文件（开头不是 GGUF）</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_header.py" line="216"/>
        <source>is GGUF version {version}; NormScope reads versions {versions}</source>
        <translation>是 GGUF 第 {version} 版；NormScope 读取的版本为 {versions}</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_header.py" line="232"/>
        <source>has a tensor {name} of {dims} dimensions; GGUF allows 1 … {limit}</source>
        <translation>张量 {name} 有 {dims} 个维度；GGUF 允许 1 … {limit} 个</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_header.py" line="240"/>
        <source>has general.alignment {value}; a power of 2 up to 65536 was expected</source>
        <translation>general.alignment 为 {value}；应为不超过 65536 的 2 的幂</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_header.py" line="257"/>
        <source>has a tensor {name} of unknown type {kind}</source>
        <translation>张量 {name} 类型未知（{kind}）</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_header.py" line="261"/>
        <source>has a tensor {name} of shape {shape}, which its type can&apos;t hold</source>
        <translation>张量 {name} 形状为 {shape}，其类型无法容纳</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_file.py" line="49"/>
        <source>has no metadata entry {key}</source>
        <extracomment>GGUF architectures NormScope runs: llama.cpp&apos;s Llama layout (q/k rows permuted for its RoPE) and Gemma 3 (not permuted; its norms&apos; weights hold the multiplier 1 + w).</extracomment>
        <translation>缺少元数据项 {key}</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_header.py" line="61"/>
        <location filename="../../engine/models/gguf_header.py" line="148"/>
        <source>has an unreadable metadata entry {key} ({reason})</source>
        <translation>有无法读取的元数据项 {key}（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/models/hf_folder.py" line="53"/>
        <source>has no number for {key}</source>
        <translation>缺少数值项 {key}</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_file.py" line="58"/>
        <source>has {key} = {value}; a name was expected</source>
        <translation>{key} = {value}；应为名称</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_file.py" line="68"/>
        <source>holds a {kind} model; NormScope runs GGUF files of {supported}</source>
        <translation>装的是 {kind} 模型；NormScope 只能运行 {supported} 的 GGUF 文件</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_file.py" line="79"/>
        <location filename="../../engine/models/hf_folder.py" line="80"/>
        <source>has {heads} heads, which do not divide d = {dims}</source>
        <translation>有 {heads} 个注意力头，不能整除 d = {dims}</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_file.py" line="83"/>
        <location filename="../../engine/models/hf_folder.py" line="84"/>
        <source>has {kv} key/value heads, which do not divide {heads} heads</source>
        <translation>有 {kv} 个 key/value 头，不能整除 {heads} 个注意力头</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_file.py" line="103"/>
        <source>has keys of {keys} and values of {values} dimensions; NormScope needs them equal</source>
        <translation>键有 {keys} 维、值有 {values} 维；NormScope 需要两者相等</translation>
    </message>
    <message>
        <location filename="../../engine/models/gguf_file.py" line="144"/>
        <source>has a tensor {name} of type {kind}, which NormScope can&apos;t compute in ({reason})</source>
        <translation>张量 {name} 类型为 {kind}，NormScope 无法用它计算（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/models/hf_folder.py" line="38"/>
        <location filename="../../engine/models/hf_folder.py" line="41"/>
        <source>is not a readable JSON file ({reason})</source>
        <translation>不是可读的 JSON 文件（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/models/hf_folder.py" line="73"/>
        <source>describes a {kind} model; NormScope runs {supported}</source>
        <translation>描述的是 {kind} 模型；NormScope 能运行的是 {supported}</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_spec.py" line="34"/>
        <source>asks for soft-capping ({key} = {value}), which Gemma 3 does not have and NormScope does not run</source>
        <extracomment>Gemma 3 27B&apos;s layer count: its query scale is d / heads, not the head size (llama.cpp does the same).</extracomment>
        <translation>要求软截断（{key} = {value}），Gemma 3 没有这一步，NormScope 也不运行它</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_spec.py" line="57"/>
        <location filename="../../engine/models/hf_folder.py" line="98"/>
        <source>uses the activation {name}, which NormScope does not run here</source>
        <translation>使用激活函数 {name}，NormScope 在这里不支持它</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_spec.py" line="62"/>
        <source>has {key} = {value}; NormScope runs it causal only</source>
        <translation>{key} = {value}；NormScope 只按因果方式运行它</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_spec.py" line="68"/>
        <source>has {key} = {value}; a positive number was expected</source>
        <translation>{key} = {value}；应为正数</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_spec.py" line="75"/>
        <source>has {key} = {value}; one of {kinds} per layer was expected</source>
        <translation>{key} = {value}；每层应为 {kinds} 之一</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_spec.py" line="80"/>
        <location filename="../../engine/models/hf_folder.py" line="102"/>
        <source>has {key} = {value}; an object was expected</source>
        <translation>{key} = {value}；应为对象</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_spec.py" line="46"/>
        <location filename="../../engine/models/gguf_file.py" line="108"/>
        <location filename="../../engine/models/hf_folder.py" line="105"/>
        <source>uses {name} RoPE scaling, which NormScope does not run</source>
        <translation>使用 {name} RoPE 缩放，NormScope 不支持</translation>
    </message>
    <message>
        <location filename="../../engine/models/hf_folder.py" line="108"/>
        <source>has heads of {size} dimensions; NormScope needs d / heads = {expected}</source>
        <translation>每个注意力头有 {size} 维；NormScope 要求 d / 头数 = {expected}</translation>
    </message>
    <message>
        <location filename="../../engine/models/hf_folder.py" line="248"/>
        <source>has a header of {size} bytes; at most {limit} are read</source>
        <translation>文件头有 {size} 字节；最多读取 {limit} 字节</translation>
    </message>
    <message>
        <location filename="../../engine/models/hf_folder.py" line="266"/>
        <source>has a tensor {name} of dtype {dtype}; NormScope computes in {dtypes}</source>
        <translation>张量 {name} 数据类型为 {dtype}；NormScope 只用 {dtypes} 计算</translation>
    </message>
    <message>
        <location filename="../../engine/models/hf_folder.py" line="299"/>
        <source>has no {name}; a model folder needs {required}</source>
        <translation>缺少 {name}；模型文件夹需要 {required}</translation>
    </message>
    <message>
        <location filename="../../engine/models/installed.py" line="123"/>
        <source>The model {name} is not installed (package {package}); install it with: normscope models install {name}</source>
        <extracomment>The import names its packages install, the first one holding the files; all present = installed. The file or folder inside the first module&apos;s package that NormScope opens (for a model in ``parts``: the joined file&apos;s name); None: none it opens yet. The terms&apos; address when they are not an open licence: never installed without the user agreeing. A model in parts: each part&apos;s file inside the packages of ``modules[1:]``, in order, joined into the file ``inside`` names in the cache folder (engine.models.joined_parts) … … and the file in the first module&apos;s package that lists the joined file&apos;s SHA-256. Other names a known model answers to: ``gemma``, Gemma&apos;s name before it opened (``models install gemma``). The models NormScope opens by name (the Model tab&apos;s list, ``export --model NAME``).</extracomment>
        <translation>模型 {name} 尚未安装（软件包 {package}）；请用以下命令安装：normscope models install {name}</translation>
    </message>
    <message>
        <location filename="../../engine/models/installed.py" line="135"/>
        <source>{source} is neither a model name ({names}) nor an existing file or folder</source>
        <translation>{source} 既不是模型名（{names}），也不是已有的文件或文件夹</translation>
    </message>
    <message>
        <location filename="../../engine/models/loading.py" line="56"/>
        <source>is not a model; open a folder with config.json, model.safetensors and tokenizer.json, or a .gguf file</source>
        <translation>不是模型；请打开含有 config.json、model.safetensors 和 tokenizer.json 的文件夹，或一个 .gguf 文件</translation>
    </message>
    <message>
        <location filename="../../engine/models/pickles.py" line="14"/>
        <source>is a pickle (PyTorch checkpoint); NormScope never unpickles, because loading a pickle can run any code. Convert it where you trust it: model.save_pretrained(folder, safe_serialization=True) in transformers, or safetensors.torch.save_file(state_dict, &quot;model.safetensors&quot;)</source>
        <translation>是 pickle 文件（PyTorch 检查点）；NormScope 从不反序列化 pickle，因为加载 pickle 可以运行任意代码。请在你信任的环境里转换它：在 transformers 中用 model.save_pretrained(folder, safe_serialization=True)，或用 safetensors.torch.save_file(state_dict, &quot;model.safetensors&quot;)</translation>
    </message>
    <message>
        <location filename="../../engine/models/tokenizer.py" line="64"/>
        <source>The tokenizer failed on this text ({reason})</source>
        <extracomment>Longest input the forward passes take (a larger model context is cut here too): attention is T². Characters of text encoded at first for a model of ``max_tokens`` tokens: a token covers far fewer than this many characters, so the cut text still gives more tokens than are kept (a 10 MB text is not tokenized whole); the whole text is encoded only when it does not.</extracomment>
        <translation>分词器处理这段文本时出错（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/models/tokenizer.py" line="70"/>
        <source>The text is empty; type a sentence</source>
        <translation>文本为空；请输入一句话</translation>
    </message>
    <message>
        <location filename="../../engine/models/tokenizer.py" line="73"/>
        <source>The text holds a lone surrogate (U+{code}) at character {index}, which is not Unicode text</source>
        <translation>文本第 {index} 个字符是孤立的代理码位（U+{code}），不是有效的 Unicode 文本</translation>
    </message>
    <message>
        <location filename="../../engine/models/tokenizer.py" line="81"/>
        <source>The text gives no tokens</source>
        <translation>这段文本没有产生任何词元</translation>
    </message>
    <message>
        <location filename="../../engine/models/tokenizer.py" line="191"/>
        <source>has a {kind} vocabulary; NormScope reads byte-level BPE (gpt2) vocabularies from GGUF, and Gemma&apos;s SentencePiece (llama) ones</source>
        <extracomment>llama.cpp&apos;s pre-tokenizer names whose split differs from GPT-2&apos;s regex only by single digits.</extracomment>
        <translation>的词表类型为 {kind}；NormScope 从 GGUF 读取字节级 BPE（gpt2）词表，以及 Gemma 的 SentencePiece（llama）词表</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_tokenizer.py" line="126"/>
        <location filename="../../engine/models/tokenizer.py" line="154"/>
        <location filename="../../engine/models/tokenizer.py" line="166"/>
        <location filename="../../engine/models/tokenizer.py" line="221"/>
        <source>is not a readable tokenizer file ({reason})</source>
        <translation>不是可读的分词器文件（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/models/tokenizer.py" line="159"/>
        <source>is nested {depth} levels deep; at most {limit} are read</source>
        <translation>嵌套了 {depth} 层；最多读取 {limit} 层</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_tokenizer.py" line="73"/>
        <source>has a {kind} vocabulary; a Gemma model&apos;s is a SentencePiece one (llama)</source>
        <extracomment>GGUF architectures whose ``llama`` (SentencePiece) vocabulary is Gemma&apos;s, as transformers reads them. llama.cpp&apos;s token types: control tokens are matched whole as special, user-defined ones whole as text. Which metadata entry holds each special token&apos;s id.</extracomment>
        <translation>的词表类型为 {kind}；Gemma 模型的词表应为 SentencePiece（llama）</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_tokenizer.py" line="77"/>
        <location filename="../../engine/models/gemma_tokenizer.py" line="104"/>
        <location filename="../../engine/models/tokenizer.py" line="199"/>
        <source>has {key} as a single value; an array of strings was expected</source>
        <translation>{key} 是单个值；应为字符串数组</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_tokenizer.py" line="83"/>
        <source>has a vocabulary of {size} bytes; at most {limit} are read</source>
        <translation>的词表有 {size} 字节；最多读取 {limit} 字节</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_tokenizer.py" line="88"/>
        <source>has an empty vocabulary ({key})</source>
        <translation>的词表为空（{key}）</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_tokenizer.py" line="101"/>
        <location filename="../../engine/models/tokenizer.py" line="204"/>
        <source>has a merge in {key} without a space between its two parts</source>
        <translation>{key} 中有一条合并规则的两部分之间没有空格</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_tokenizer.py" line="140"/>
        <source>has {key} that is not an array of integers</source>
        <translation>的 {key} 不是整数数组</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_tokenizer.py" line="153"/>
        <source>has {key} = {value}; a token id 0 … {last} was expected</source>
        <translation>的 {key} = {value}；应为 0 … {last} 之间的词元 id</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_tokenizer.py" line="162"/>
        <source>has {key} = {value}; true or false was expected</source>
        <translation>的 {key} = {value}；应为 true 或 false</translation>
    </message>
    <message>
        <location filename="../../engine/models/what_if.py" line="95"/>
        <source>The edit is outside the model ({layers} layers, {dims} dimensions)</source>
        <translation>这个修改超出了模型范围（{layers} 层，{dims} 维）</translation>
    </message>
    <message>
        <location filename="../../engine/models/what_if.py" line="98"/>
        <source>A norm can be swapped for {kinds}, not {kind}</source>
        <translation>归一化只能换成 {kinds}，不能换成 {kind}</translation>
    </message>
    <message>
        <location filename="../../engine/training/data.py" line="98"/>
        <source>is {size} MB: as training text it needs about {need} MB of memory (limit {budget} MB); use a text of at most {limit} MB</source>
        <extracomment>Characters of stdlib source used: about 1 MB, read in a few ms. The stdlib text of Python 3.11 (tools/make_training_corpus.py), for a build that has no stdlib sources. Bytes of a text file decoded per step (and token ids mapped per step). Examples generated for a task (fixed: the data never depend on the run&apos;s seed).</extracomment>
        <translation>有 {size} MB：作为训练文本约需 {need} MB 内存（上限 {budget} MB）；请使用不超过 {limit} MB 的文本</translation>
    </message>
    <message>
        <location filename="../../engine/training/data.py" line="113"/>
        <source>can&apos;t be read as UTF-8 text ({reason})</source>
        <translation>无法作为 UTF-8 文本读取（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/training/data.py" line="164"/>
        <source>the text has {n} characters: too short for sequences of {seq} (each split needs {seq} + 1)</source>
        <translation>文本只有 {n} 个字符：对长度为 {seq} 的序列来说太短（训练集和验证集各需要 {seq} + 1 个）</translation>
    </message>
    <message>
        <location filename="../../engine/training/settings.py" line="107"/>
        <source>{name} must be one of {choices}, not {value}</source>
        <translation>{name} 必须是 {choices} 之一，而不是 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/training/settings.py" line="65"/>
        <source>{name} must be between {low} and {high}, not {value}</source>
        <extracomment>Placements whose residual stream is not normalised at the end of a block: a final norm before the head. How the Xavier recipe counts the query, key and value projections&apos; fans: as one packed (d, 3d) in-projection (``torch.nn.MultiheadAttention``, fairseq: bound √(6 / 4d), i.e. gain 1/√2 on each) or as three separate (d, d) matrices (bound √(6 / 2d)). After the linear warmup: hold the peak, or decay as 1/√step (the original Transformer&apos;s). (low, high) of every numeric setting, inclusive: the command line&apos;s flags, the Training tab&apos;s form and the runs a session holds all take their ranges from here.</extracomment>
        <translation>{name} 必须在 {low} 到 {high} 之间，而不是 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/training/settings.py" line="114"/>
        <source>width {width} must be a multiple of heads {heads}</source>
        <translation>宽度 {width} 必须是头数 {heads} 的整数倍</translation>
    </message>
    <message>
        <location filename="../../engine/training/settings.py" line="117"/>
        <source>data must be stdlib, a task ({tasks}) or a file</source>
        <translation>数据必须是 stdlib、一个任务（{tasks}）或一个文件</translation>
    </message>
    <message>
        <location filename="../../engine/training/run_record.py" line="69"/>
        <source>training run {run}: field &apos;{field}&apos; must be an object</source>
        <extracomment>Characters of a text setting (a data file&apos;s path).</extracomment>
        <translation>训练运行 {run}：字段“{field}”必须是对象</translation>
    </message>
    <message>
        <location filename="../../engine/training/run_record.py" line="70"/>
        <source>training run {run}: field &apos;{field}&apos; must be {kind}</source>
        <translation>训练运行 {run}：字段“{field}”必须是 {kind}</translation>
    </message>
    <message>
        <location filename="../../engine/training/run_record.py" line="71"/>
        <source>training run {run}: field &apos;{field}&apos; must be a list of {count} numbers</source>
        <translation>训练运行 {run}：字段“{field}”必须是 {count} 个数的列表</translation>
    </message>
    <message>
        <location filename="../../engine/training/run_record.py" line="72"/>
        <source>training run {run}: field &apos;{field}&apos; must hold numbers or null only</source>
        <translation>训练运行 {run}：字段“{field}”只能包含数或 null</translation>
    </message>
    <message>
        <location filename="../../engine/training/run_record.py" line="73"/>
        <source>training run {run}: field &apos;{field}&apos; must be a list of {count} rows</source>
        <translation>训练运行 {run}：字段“{field}”必须是 {count} 行的列表</translation>
    </message>
    <message>
        <location filename="../../engine/training/run_record.py" line="74"/>
        <source>training run {run}: field &apos;{field}&apos; must be a number from 0 to 1000</source>
        <translation>训练运行 {run}：字段“{field}”必须是 0 到 1000 之间的数</translation>
    </message>
    <message>
        <location filename="../../engine/training/run_record.py" line="75"/>
        <source>training run {run}: field &apos;{field}&apos; must be a list of at most {limit} integers rising from 1 to at most {steps}</source>
        <translation>训练运行 {run}：字段“{field}”必须是至多 {limit} 个从 1 起递增、不超过 {steps} 的整数</translation>
    </message>
    <message>
        <location filename="../../engine/training/run_record.py" line="77"/>
        <source>training run {run}: field &apos;{field}&apos; must be null or a step from 1 to {steps}</source>
        <translation>训练运行 {run}：字段“{field}”必须是 null 或 1 到 {steps} 之间的步数</translation>
    </message>
    <message>
        <location filename="../../engine/training/run_record.py" line="112"/>
        <source>training run {run}: {problem}</source>
        <translation>训练运行 {run}：{problem}</translation>
    </message>
    <message>
        <location filename="../../engine/training/run_record.py" line="128"/>
        <source>training run {run} must be an object</source>
        <translation>训练运行 {run} 必须是对象</translation>
    </message>
    <message>
        <location filename="../../engine/training/run_record.py" line="167"/>
        <source>field &apos;training&apos; must be an object with a list &apos;runs&apos;</source>
        <translation>字段“training”必须是带有列表“runs”的对象</translation>
    </message>
    <message>
        <location filename="../../engine/training/run_record.py" line="170"/>
        <source>field &apos;training&apos; holds {count} runs; at most {limit} are read</source>
        <translation>字段“training”含有 {count} 次运行；最多读取 {limit} 次</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/answers.py" line="67"/>
        <source>step {number}: question {quantity} has no finite value ({value})</source>
        <translation>第 {number} 步：问题 {quantity} 没有有限的值（{value}）</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/answers.py" line="71"/>
        <source>step {number}: question {quantity} = {value:.6g}: not exactly one option is right</source>
        <translation>第 {number} 步：问题 {quantity} = {value:.6g}：正确的选项不是恰好一个</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/lesson_file.py" line="90"/>
        <source>a lesson file is named NAME.en.json or NAME.zh.json</source>
        <extracomment>A lesson file is a few kilobytes; a matrix of its own is small enough to type. The preset the file&apos;s state names (None: a matrix of its own).</extracomment>
        <translation>课程文件的名字应为 NAME.en.json 或 NAME.zh.json</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/lesson_file.py" line="103"/>
        <source>a lesson is an object with a title and a non-empty list of steps</source>
        <translation>课程应是一个对象，含 title 和非空的 steps 列表</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/lesson_file.py" line="109"/>
        <source>step {number}: {problem}</source>
        <translation>第 {number} 步：{problem}</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/lesson_file.py" line="117"/>
        <source>{key} must be a non-empty text</source>
        <translation>{key} 必须是非空文本</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/lesson_file.py" line="123"/>
        <location filename="../../engine/lessons/lesson_file.py" line="134"/>
        <location filename="../../engine/lessons/step_state.py" line="42"/>
        <source>{what} must be an object</source>
        <extracomment>The views a step may bring to the front: the Plots tab&apos;s plots, the hand calculation dock, the teaching tabs, the Training tab and the Model tab.</extracomment>
        <translation>{what} 必须是对象</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/lesson_file.py" line="126"/>
        <source>unknown key {key}</source>
        <translation>未知的键 {key}</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/lesson_file.py" line="141"/>
        <source>question {quantity}: tolerance must be a number above 0, got {value}</source>
        <translation>问题 {quantity}：tolerance 必须是大于 0 的数，得到的是 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/lesson_file.py" line="146"/>
        <source>question {quantity}: kind must be number or choice, got {value}</source>
        <translation>问题 {quantity}：kind 必须是 number 或 choice，得到的是 {value}</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/lesson_file.py" line="152"/>
        <source>question {quantity}: a choice needs at least 2 options</source>
        <translation>问题 {quantity}：选择题至少需要 2 个选项</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/lesson_file.py" line="156"/>
        <source>question {quantity}: options are all values or all intervals, not both</source>
        <translation>问题 {quantity}：选项要么全是数值，要么全是区间，不能混用</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/lesson_file.py" line="172"/>
        <source>question {quantity}: option {value} is neither a number, {{&quot;value&quot;}} nor {{&quot;min&quot;, &quot;max&quot;}} with min ≤ max</source>
        <translation>问题 {quantity}：选项 {value} 既不是数，也不是 {{&quot;value&quot;}} 或满足 min ≤ max 的 {{&quot;min&quot;, &quot;max&quot;}}</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/quantities.py" line="36"/>
        <source>quantity {quantity}: row {index} is out of range (0 to {last})</source>
        <extracomment>The stacks a depth quantity may name: the placements, and ``none`` (no norm) for depth_rms only. Each quantity&apos;s index kinds, in order: ``row`` (a token), ``column`` (a dimension), ``stack`` (a placement or none), ``state`` (0 = the input … N, after N blocks), ``layer`` (0 … N − 1). One template per index kind, so that each reads in the UI&apos;s language (a state l is &quot;after l layers&quot;).</extracomment>
        <translation>量 {quantity}：第 {index} 行超出范围（0 到 {last}）</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/quantities.py" line="37"/>
        <source>quantity {quantity}: column {index} is out of range (0 to {last})</source>
        <translation>量 {quantity}：第 {index} 列超出范围（0 到 {last}）</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/quantities.py" line="38"/>
        <source>quantity {quantity}: layer {index} is out of range (0, the input, to {last})</source>
        <translation>量 {quantity}：第 {index} 层超出范围（0 即输入，到 {last}）</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/quantities.py" line="40"/>
        <source>quantity {quantity}: layer {index} is out of range (0 to {last})</source>
        <translation>量 {quantity}：第 {index} 层超出范围（0 到 {last}）</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/quantities.py" line="62"/>
        <source>unknown quantity {quantity}; use one of {known}</source>
        <translation>未知的量 {quantity}；可用：{known}</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/quantities.py" line="68"/>
        <source>quantity {quantity} needs {count} index(es): {name}[{kinds}]</source>
        <translation>量 {quantity} 需要 {count} 个下标：{name}[{kinds}]</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/quantities.py" line="75"/>
        <source>quantity {quantity}: {index} is not one of {allowed}</source>
        <translation>量 {quantity}：{index} 不是 {allowed} 之一</translation>
    </message>
    <message>
        <location filename="../../engine/lessons/quantities.py" line="81"/>
        <source>quantity {quantity}: index {index} is not a whole number from 0</source>
        <translation>量 {quantity}：下标 {index} 不是从 0 起的整数</translation>
    </message>
    <message>
        <location filename="../../engine/results/zero_division.py" line="14"/>
        <source>With ε = 0, row {group} has no spread (σ = 0): normalizing it divides 0 by 0, which is NaN, as in PyTorch; NaN, there and where it reaches in the block and the stack, is left out of the plots. ε &gt; 0 keeps it finite.</source>
        <translation>ε = 0 时，行 {group} 没有离散（σ = 0）：对它归一化就是 0 除以 0，结果为 NaN，与 PyTorch 一致；该处以及它在块和堆叠中波及之处的 NaN 不画入图中。ε &gt; 0 可使其保持有限。</translation>
    </message>
    <message>
        <location filename="../../engine/results/zero_division.py" line="17"/>
        <source>With ε = 0, row {group} is all zeros (RMS = 0): normalizing it divides 0 by 0, which is NaN, as in PyTorch; NaN, there and where it reaches in the block and the stack, is left out of the plots. ε &gt; 0 keeps it finite.</source>
        <translation>ε = 0 时，行 {group} 全为零（RMS = 0）：对它归一化就是 0 除以 0，结果为 NaN，与 PyTorch 一致；该处以及它在块和堆叠中波及之处的 NaN 不画入图中。ε &gt; 0 可使其保持有限。</translation>
    </message>
    <message>
        <location filename="../../engine/results/zero_division.py" line="20"/>
        <source>With ε = 0, column {group} has no spread (σ = 0): normalizing it divides 0 by 0, which is NaN; NaN, there and where it reaches in the block and the stack, is left out of the plots. ε &gt; 0 keeps it finite.</source>
        <translation>ε = 0 时，列 {group} 没有离散（σ = 0）：对它归一化就是 0 除以 0，结果为 NaN；该处以及它在块和堆叠中波及之处的 NaN 不画入图中。ε &gt; 0 可使其保持有限。</translation>
    </message>
    <message>
        <location filename="../../engine/models/forward.py" line="70"/>
        <source>The model takes 1 … {limit} tokens; this text gives {count}</source>
        <translation>模型接受 1 … {limit} 个 token；这段文本给出 {count} 个</translation>
    </message>
    <message>
        <location filename="../../engine/models/forward.py" line="73"/>
        <location filename="../../engine/models/tokenizer.py" line="84"/>
        <source>The tokenizer gives the id {id}, but the model has embeddings for ids 0 … {last} only</source>
        <translation>分词器给出了 id {id}，但模型只有 id 0 … {last} 的嵌入</translation>
    </message>
    <message>
        <location filename="../../engine/models/gemma_tokenizer.py" line="80"/>
        <location filename="../../engine/models/model_limits.py" line="72"/>
        <source>declares {count} {what}; at most {limit} are read</source>
        <extracomment>Blocks of a model (the largest open Llama models have 126). Width d of the residual stream, the FFN and the head size. Vocabulary entries (Gemma&apos;s 256 k fits) and positions a config may declare (only ≤ 512 are run). Float32 weights a model may take in memory (SmolLM2-135M: 0.54 GB), checked on the spec&apos;s shapes. GGUF header: tensors, metadata entries, bytes of one string, entries of one array, dimensions. safetensors header bytes (a 100-layer model&apos;s is about 100 kB) and tokenizer.json bytes (Gemma&apos;s: 34 MB). The strings of a SentencePiece vocabulary read from GGUF (Gemma 3&apos;s 262,144 tokens take 2.3 MB; finding the merges it implies needs about 20 bytes per code point for a moment). Nesting of a tokenizer.json (real ones nest about 6 levels). A model spec&apos;s fields, as config.json and GGUF metadata provide them.</extracomment>
        <translation>声明了 {count} 个{what}；最多读取 {limit} 个</translation>
    </message>
    <message>
        <location filename="../../engine/models/non_finite.py" line="36"/>
        <source>NaN or inf from {place} on: {count} of the {total} values of the residual states are not finite; the tables keep them, the plots leave them out</source>
        <translation>从 {place} 起出现 NaN 或 inf：残差状态的 {total} 个值中有 {count} 个不是有限数；表格保留它们，图中不画</translation>
    </message>
    <message>
        <location filename="../../engine/models/model_install.py" line="33"/>
        <source>{name} is not a known model ({names})</source>
        <extracomment>The one-folder build&apos;s first argument for &quot;run the bundled pip with the rest&quot; (app/launch.py). pip&apos;s ``--progress-bar raw`` prints one such line per chunk of a download (bytes).</extracomment>
        <translation>{name} 不是已知的模型（{names}）</translation>
    </message>
    <message>
        <location filename="../../app/headless/train_command.py" line="125"/>
        <source>--out must name a folder</source>
        <extracomment>The figures&apos; size: the Training tab&apos;s plots in a 1400 × 860 window (measured), as the tab exports them.</extracomment>
        <translation>--out 必须指定一个文件夹</translation>
    </message>
    <message>
        <location filename="../../engine/files/file_set.py" line="58"/>
        <source>is not a file, so a new one can&apos;t replace it</source>
        <extracomment>The hidden folder&apos;s name starts so, then the writer&apos;s process id: ``ls`` hides it, and a leftover of a killed writer is recognised as one.</extracomment>
        <translation>不是文件，新文件无法替换它</translation>
    </message>
    <message>
        <location filename="../../engine/files/file_set.py" line="95"/>
        <source>exists and is not a folder</source>
        <translation>已存在，且不是文件夹</translation>
    </message>
    <message>
        <location filename="../../engine/files/file_set.py" line="97"/>
        <source>can&apos;t be a folder: a file is in its path</source>
        <translation>不能作为文件夹：它的路径中有一个文件</translation>
    </message>
    <message>
        <location filename="../../engine/files/file_set.py" line="123"/>
        <source>can&apos;t be written ({reason})</source>
        <translation>无法写入（{reason}）</translation>
    </message>
    <message>
        <location filename="../../engine/training/budget.py" line="73"/>
        <source>the parameters and Adam&apos;s state take most: lower layers, width or ffn_mult</source>
        <extracomment>Memory a training run may take: the depth stack&apos;s budget (weights and saved activations), 1 GiB. Bytes per character a text file costs while it becomes a corpus: its bytes, then 4 bytes of token id per character (at most one character per byte), read in pieces (engine.training.data). The estimate&apos;s margin over its parts, and a fixed allowance for a step&apos;s small arrays. Seconds a sample may be estimated to take (``--sample``): a run must not stall for minutes after it has trained. On a machine busier than the estimate&apos;s, sampling stops after ``SAMPLE_DEADLINE`` seconds. Per-character sampling cost, seconds, measured with one BLAS thread and doubled (a shared machine is noisy): per layer a fixed cost, per weight read, per multiply-add, per attention score (mask, softmax), per activation value (norms, residuals). What to lower when a part is the largest, worded for the message (the settings by their names).</extracomment>
        <translation>参数和 Adam 状态占用最多：请减小 layers、width 或 ffn_mult</translation>
    </message>
    <message>
        <location filename="../../engine/training/budget.py" line="75"/>
        <source>the activations kept for the backward pass take most: lower batch, seq, layers, width or ffn_mult</source>
        <translation>为反向传播保存的激活值占用最多：请减小 batch、seq、layers、width 或 ffn_mult</translation>
    </message>
    <message>
        <location filename="../../engine/training/budget.py" line="77"/>
        <source>the attention weights (batch × heads × seq² per layer) take most: lower seq, batch or heads</source>
        <translation>注意力权重（每层 batch × heads × seq²）占用最多：请减小 seq、batch 或 heads</translation>
    </message>
    <message>
        <location filename="../../engine/training/budget.py" line="79"/>
        <source>the softmax over {vocab} characters takes most: use a text with fewer distinct characters, or lower batch or seq</source>
        <translation>对 {vocab} 个字符的 softmax 占用最多：请使用不同字符更少的文本，或减小 batch 或 seq</translation>
    </message>
    <message>
        <location filename="../../engine/training/budget.py" line="81"/>
        <source>the text&apos;s {chars} characters take most: use a shorter text</source>
        <translation>文本的 {chars} 个字符占用最多：请使用更短的文本</translation>
    </message>
    <message>
        <location filename="../../engine/training/budget.py" line="114"/>
        <source>this run needs about {need} of memory beside the {kept} the runs already here keep (limit {limit}): clear the runs, or {advice}</source>
        <translation>除已有运行占用的 {kept} 外，此运行还需约 {need} 内存（上限 {limit}）：请清除运行，或者{advice}</translation>
    </message>
    <message>
        <location filename="../../engine/training/budget.py" line="118"/>
        <source>this run needs about {need} of memory (limit {limit}); {advice}</source>
        <translation>此运行约需 {need} 内存（上限 {limit}）；{advice}</translation>
    </message>
    <message>
        <location filename="../../engine/training/budget.py" line="145"/>
        <source>sampling {chars} characters from this model would take about {seconds:.0f} s (limit {limit:.0f} s): ask for at most {fitting}, or train a smaller model (layers, width, seq)</source>
        <translation>从此模型采样 {chars} 个字符约需 {seconds:.0f} 秒（上限 {limit:.0f} 秒）：最多请求 {fitting} 个，或训练更小的模型（layers、width、seq）</translation>
    </message>
    <message>
        <location filename="../../app/headless/model_export.py" line="123"/>
        <source>{model} does not predict the next token, so it has no loss to cost an intervention by</source>
        <extracomment>The scenario options of ``export`` that a model export does not take. The options that cost an intervention&apos;s loss (only with --model). The tables a model export writes, model_loss.csv only for a causal model; the figures follow them.</extracomment>
        <translation>{model} 不预测下一个词元，因此没有可用来衡量干预代价的损失</translation>
    </message>
    <message>
        <location filename="../../engine/models/interventions.py" line="91"/>
        <source>Norms to freeze are final, all or blocks A-B with 0 ≤ A ≤ B ≤ {last}, not {spec}</source>
        <extracomment>The label of the unedited run in a loss table.</extracomment>
        <translation>要冻结的归一化层应为 final、all 或块 A-B（0 ≤ A ≤ B ≤ {last}），而不是 {spec}</translation>
    </message>
    <message>
        <location filename="../../engine/models/interventions.py" line="102"/>
        <source>A dimension to zero is LAYER:DIM with LAYER 0 … {layers} and DIM 0 … {last_dim}, not {spec}</source>
        <translation>要置零的维度应为 LAYER:DIM（LAYER 为 0 … {layers}，DIM 为 0 … {last_dim}），而不是 {spec}</translation>
    </message>
    <message>
        <location filename="../../engine/models/joined_parts.py" line="43"/>
        <source>The model&apos;s checksum list can&apos;t be read: {reason}</source>
        <extracomment>The most a checksum list (``SHA256SUMS``: a line per file) may take.</extracomment>
        <translation>无法读取模型的校验和列表：{reason}</translation>
    </message>
    <message>
        <location filename="../../engine/models/joined_parts.py" line="49"/>
        <source>The model&apos;s checksum list {path} names no {name}</source>
        <translation>模型的校验和列表 {path} 中没有 {name}</translation>
    </message>
    <message>
        <location filename="../../engine/models/joined_parts.py" line="58"/>
        <source>A part of {model} is missing ({reason}); reinstall it</source>
        <translation>{model} 缺少一个分块文件（{reason}）；请重新安装</translation>
    </message>
    <message>
        <location filename="../../engine/models/joined_parts.py" line="76"/>
        <source>The parts of {model} join into a file whose SHA-256 is not the one its package lists; reinstall it</source>
        <translation>{model} 的分块拼接后的文件 SHA-256 与其软件包列出的不一致；请重新安装</translation>
    </message>
    <message>
        <location filename="../../engine/models/joined_parts.py" line="81"/>
        <source>Could not join the parts of {model} into {path} ({reason})</source>
        <translation>无法将 {model} 的分块拼接为 {path}（{reason}）</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <location filename="../../app/window/language.py" line="25"/>
        <source>&amp;Look in:</source>
        <extracomment>Qt&apos;s own words (QFileDialog&apos;s) that the qtbase_zh_CN.qm shipped with PySide6 6.11 lacks: Qt 6.11 gave these labels a mnemonic, and the shipped file still has only &quot;Look in:&quot; and &quot;Files of type:&quot;. Listed here, they are translated in NormScope&apos;s own .ts, whose translator Qt asks after Qt&apos;s.</extracomment>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../../app/window/language.py" line="26"/>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>RealDepthView</name>
    <message>
        <location filename="../../widgets/models/real_depth_view.py" line="79"/>
        <source>model</source>
        <extracomment>The values drawn now by curve key (RMS and max |x| per state; for tests and scripts).</extracomment>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../widgets/models/real_depth_view.py" line="80"/>
        <source>{model} (real) RMS</source>
        <translation>{model}（真实）RMS</translation>
    </message>
    <message>
        <location filename="../../widgets/models/real_depth_view.py" line="81"/>
        <source>{model} (real) max |x|</source>
        <translation>{model}（真实）最大 |x|</translation>
    </message>
    <message>
        <location filename="../../widgets/models/real_depth_view.py" line="82"/>
        <source>RMS, what-if</source>
        <translation>RMS，假设修改后</translation>
    </message>
    <message>
        <location filename="../../widgets/models/real_depth_view.py" line="82"/>
        <source>max |x|, what-if</source>
        <translation>最大 |x|，假设修改后</translation>
    </message>
    <message>
        <location filename="../../widgets/models/real_depth_view.py" line="83"/>
        <source>Pre-Norm, random init</source>
        <translation>Pre-Norm，随机初始化</translation>
    </message>
    <message>
        <location filename="../../widgets/models/real_depth_view.py" line="83"/>
        <source>Post-Norm, random init</source>
        <translation>Post-Norm，随机初始化</translation>
    </message>
    <message>
        <location filename="../../widgets/models/real_depth_view.py" line="86"/>
        <source>Real depth: the residual stream of this sentence</source>
        <translation>真实深度：这句话的残差流</translation>
    </message>
    <message>
        <location filename="../../widgets/models/real_depth_view.py" line="88"/>
        <source>Pre-Norm / Post-Norm, random init: the Plots tab&apos;s simulated stacks at this model&apos;s depth and width, with random weights, run on this sentence&apos;s embedding output</source>
        <translation>Pre-Norm / Post-Norm，随机初始化：“图表”页的模拟堆叠，取与此模型相同的深度和宽度、随机权重，输入为这句话的嵌入层输出</translation>
    </message>
    <message>
        <location filename="../../widgets/models/real_depth_view.py" line="90"/>
        <source>state k (entering block k; the last: after the last block)</source>
        <translation>状态 k（进入第 k 块；最后一个：最后一块之后）</translation>
    </message>
    <message>
        <location filename="../../widgets/models/real_depth_view.py" line="91"/>
        <source>size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../../widgets/models/real_depth_view.py" line="101"/>
        <source>Load a model to see the size of its residual stream, layer by layer.</source>
        <translation>加载模型后可逐层查看其残差流的大小。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/real_depth_view.py" line="103"/>
        <source>The simulated Pre-Norm and Post-Norm stacks failed: {reason}</source>
        <translation>模拟的 Pre-Norm 与 Post-Norm 堆叠计算失败：{reason}</translation>
    </message>
    <message>
        <location filename="../../widgets/models/real_depth_view.py" line="107"/>
        <source>NaN or inf in states {states}: left out of the curves.</source>
        <translation>状态 {states} 含 NaN 或 inf：曲线中未画出。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/real_depth_view.py" line="162"/>
        <source>state {k}</source>
        <translation>状态 {k}</translation>
    </message>
</context>
<context>
    <name>RecentFiles</name>
    <message>
        <location filename="../../app/window/recent_files.py" line="37"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
</context>
<context>
    <name>RowStatsPlot</name>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="81"/>
        <source>μ before</source>
        <extracomment>Bars narrower than this many pixels (their outlines alone then fill the plot: a black mass) are drawn as one line per series instead. A&apos;s marks were added to the plot, at the first pin (the window scales them in presentation mode).</extracomment>
        <translation>归一化前 μ</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="81"/>
        <source>σ before</source>
        <translation>归一化前 σ</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="81"/>
        <source>μ after</source>
        <translation>归一化后 μ</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="82"/>
        <source>σ after</source>
        <translation>归一化后 σ</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="82"/>
        <source>RMS after</source>
        <translation>之后的 RMS</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="86"/>
        <source>value</source>
        <translation>数值</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="96"/>
        <location filename="../../widgets/plots/row_stats_plot.py" line="342"/>
        <source>A: {curve}</source>
        <translation>A：{curve}</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="101"/>
        <source>no norm</source>
        <translation>无归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="103"/>
        <source>DyT does not normalize: no statistics are taken</source>
        <translation>DyT 不做归一化：不计算任何统计量</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="105"/>
        <source>A is not drawn: its tokens or grouping differ from these.</source>
        <translation>未画出 A：它的 token 或分组与这里的不同。</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="108"/>
        <source>μ and σ per dimension, {kind}</source>
        <translation>每个维度的 μ 与 σ，{kind}</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="108"/>
        <source>dimension (column)</source>
        <translation>维度（列）</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="110"/>
        <source>μ and σ per token, {kind}</source>
        <translation>每个 token 的 μ 与 σ，{kind}</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="110"/>
        <source>token (row)</source>
        <translation>token（行）</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="117"/>
        <source>μ and σ per token · LayerNorm sets σ to 1</source>
        <translation>每个 token 的 μ 与 σ · LayerNorm 把 σ 设为 1</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="118"/>
        <source>μ, σ and RMS per token · RMSNorm sets RMS to 1</source>
        <translation>每个 token 的 μ、σ 和 RMS · RMSNorm 把 RMS 设为 1</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="119"/>
        <source>μ and σ per dimension · BatchNorm sets each column&apos;s σ to 1</source>
        <translation>每个维度的 μ 与 σ · BatchNorm 把每列的 σ 设为 1</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="120"/>
        <source>μ and σ per token · DyT sets nothing to 1</source>
        <translation>每个 token 的 μ 与 σ · DyT 不把任何量设为 1</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="122"/>
        <source>{title} (before γ)</source>
        <translation>{title}（在 γ 之前）</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/row_stats_plot.py" line="122"/>
        <source>{title} (before γ, β)</source>
        <translation>{title}（在 γ、β 之前）</translation>
    </message>
</context>
<context>
    <name>RunningStatsLesson</name>
    <message>
        <location filename="../../widgets/teaching/batchnorm_running_stats.py" line="72"/>
        <source>&amp;Dimension:</source>
        <translation>维度(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_running_stats.py" line="73"/>
        <source>The column whose running statistics are plotted</source>
        <translation>绘制哪一列的滑动统计量</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_running_stats.py" line="118"/>
        <source>mean of d{n}</source>
        <translation>d{n} 的均值</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_running_stats.py" line="119"/>
        <source>variance of d{n}</source>
        <translation>d{n} 的方差</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_running_stats.py" line="120"/>
        <source>training step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_running_stats.py" line="123"/>
        <source>running buffer</source>
        <translation>滑动缓冲</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_running_stats.py" line="124"/>
        <source>batch value it approaches (variance: unbiased)</source>
        <translation>趋近的批统计量（方差为无偏）</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_running_stats.py" line="129"/>
        <source>No scenario yet.</source>
        <translation>还没有场景。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_running_stats.py" line="133"/>
        <source>The buffers start at mean 0 and variance 1. Each step moves them {m} of the way to this batch&apos;s statistics, so the remaining gap is (1 − {m})^step of the first one: after {steps} steps, {left} of it is left. Eval mode normalizes with these buffers, not with the batch.</source>
        <translation>缓冲从均值 0、方差 1 开始。每一步向本批统计量靠近 {m} 的距离，所以剩余差距是初始差距的 (1 − {m})^步数：{steps} 步后还剩 {left}。推理模式用这些缓冲归一化，而不是用批统计量。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/batchnorm_running_stats.py" line="139"/>
        <source>With a single token BatchNorm can&apos;t train, so the buffers keep their defaults.</source>
        <translation>只有一个 token 时 BatchNorm 无法训练，缓冲保持默认值。</translation>
    </message>
</context>
<context>
    <name>ScaleDemo</name>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="136"/>
        <source>LayerNorm forgets a row&apos;s scale, and γ/β can&apos;t bring it back</source>
        <translation>LayerNorm 丢掉了一行的尺度，γ/β 也找不回来</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="138"/>
        <source>input x</source>
        <translation>输入 x</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="138"/>
        <source>μ</source>
        <translation>μ</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="138"/>
        <source>σ</source>
        <translation>σ</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="138"/>
        <source>z = (x − μ) / σ</source>
        <translation>z = (x − μ) / σ</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="139"/>
        <source>same z as row 1?</source>
        <translation>z 与第 1 行相同？</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="139"/>
        <source>γ ⊙ z + β</source>
        <translation>γ ⊙ z + β</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="142"/>
        <source>Double-click an input vector to edit it</source>
        <translation>双击输入向量可编辑</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="143"/>
        <source>Reset to 我 吃 苹果</source>
        <translation>恢复为 我 吃 苹果</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="144"/>
        <source>Restore seed 001&apos;s three vectors</source>
        <translation>恢复种子 001 的三个向量</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="197"/>
        <source>“{text}” is not {d} numbers; kept {old}.</source>
        <translation>“{text}”不是 {d} 个数；保留 {old}。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="209"/>
        <source>苹果</source>
        <translation>苹果</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="209"/>
        <source>吃 = 10 × 苹果</source>
        <translation>吃 = 10 × 苹果</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="209"/>
        <source>苹果, d2 ↔ d3</source>
        <translation>苹果，d2 ↔ d3</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="210"/>
        <source>row {n}</source>
        <translation>第 {n} 行</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="223"/>
        <source>reference</source>
        <translation>参照</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="227"/>
        <source>✗ differs</source>
        <translation>✗ 不同</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="263"/>
        <source>LayerNorm subtracts each row&apos;s own mean and divides by its own standard deviation, so rows that differ only by a shift and a positive scale get the same z: the scale is gone. γ and β then apply one and the same map to every row, so identical z stay identical.</source>
        <translation>LayerNorm 减去每一行自己的均值，再除以它自己的标准差，因此只相差一个平移和一个正缩放的行会得到相同的 z：尺度信息没有了。γ 和 β 随后对每一行施加同一个映射，所以相同的 z 仍然相同。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="271"/>
        <source>{name} {row} is {first} × {k} + {b}: the same z, and γ/β can&apos;t tell them apart.</source>
        <translation>{name} {row} 等于 {first} × {k} + {b}：z 相同，γ/β 也无法区分它们。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="275"/>
        <source>{name} {row} gives the same z as {first}.</source>
        <translation>{name} {row} 与 {first} 的 z 相同。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="278"/>
        <source>{name} {row} is not {first} shifted or scaled by a positive factor: its own pattern of highs and lows gives a different z, and γ/β keep the difference.</source>
        <translation>{name} {row} 不是 {first} 平移或乘以正数缩放得到的：它自己的高低模式给出不同的 z，γ/β 也会保留这一差别。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="225"/>
        <source>✓ same</source>
        <translation>✓ 相同</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="250"/>
        <source>γ = {gamma}, β = {beta}: the scenario&apos;s.</source>
        <translation>γ = {gamma}，β = {beta}：来自当前场景。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="252"/>
        <source>γ = {gamma}, β = {beta}: the scenario has d = {d}, not {n}, so its own γ/β don&apos;t fit these rows.</source>
        <translation>γ = {gamma}，β = {beta}：当前场景 d = {d}，不是 {n}，它的 γ/β 用不到这几行上。</translation>
    </message>
    <message>
        <location filename="../../widgets/teaching/scale_demo.py" line="256"/>
        <source>γ = {gamma}, β = {beta} (no scenario yet).</source>
        <translation>γ = {gamma}，β = {beta}（还没有场景）。</translation>
    </message>
</context>
<context>
    <name>SessionFiles</name>
    <message>
        <location filename="../../app/window/session_files.py" line="42"/>
        <source>Open {name}</source>
        <extracomment>The session&apos;s file changed (opened, or saved under a new name): the window title names it.</extracomment>
        <translation>打开 {name}</translation>
    </message>
    <message>
        <location filename="../../app/window/session_files.py" line="49"/>
        <source>Opened {name}</source>
        <translation>已打开 {name}</translation>
    </message>
    <message>
        <location filename="../../app/window/session_files.py" line="65"/>
        <source>{name} could not be saved: {error}</source>
        <translation>{name} 无法保存：{error}</translation>
    </message>
    <message>
        <location filename="../../app/window/session_files.py" line="71"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location filename="../../app/window/session_files.py" line="83"/>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <location filename="../../app/window/session_files.py" line="87"/>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
</context>
<context>
    <name>SettingsFile</name>
    <message>
        <location filename="../../app/window/settings_file.py" line="200"/>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <location filename="../../app/window/settings_file.py" line="202"/>
        <source>{size} bytes, far more than NormScope writes</source>
        <translation>{size} 字节，远多于 NormScope 写入的大小</translation>
    </message>
    <message>
        <location filename="../../app/window/settings_file.py" line="211"/>
        <source>{key} holds a stored object, not plain text</source>
        <translation>{key} 保存的是序列化对象，而不是纯文本</translation>
    </message>
    <message>
        <location filename="../../app/window/settings_file.py" line="221"/>
        <source>The settings file {path} can&apos;t be used ({reason}) nor set aside ({error}): this run uses the defaults and remembers nothing.</source>
        <translation>设置文件 {path} 无法使用（{reason}），也无法移到一旁（{error}）：本次运行使用默认值，且不会记住任何设置。</translation>
    </message>
    <message>
        <location filename="../../app/window/settings_file.py" line="224"/>
        <source>The settings file could not be used ({reason}): it was set aside as {name} and the defaults are used.</source>
        <translation>设置文件无法使用（{reason}）：已将它移到一旁，改名为 {name}，并使用默认值。</translation>
    </message>
    <message>
        <location filename="../../app/window/settings_file.py" line="255"/>
        <source>Settings won&apos;t be remembered: {folder} can&apos;t be written ({error}).</source>
        <translation>设置不会被记住：{folder} 无法写入（{error}）。</translation>
    </message>
    <message>
        <location filename="../../app/window/settings_file.py" line="306"/>
        <source>{key} = {value} is not a setting NormScope writes</source>
        <translation>{key} = {value} 不是 NormScope 会写入的设置</translation>
    </message>
</context>
<context>
    <name>SettingsForm</name>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="156"/>
        <source>Open a UTF-8 text file</source>
        <extracomment>Each preset&apos;s runs, as changes to the form&apos;s settings. Names of the engine&apos;s choices that are not words of the UI (the others are shown as the engine names them). Characters a choice list needs at least; longer items are shown whole in the open list. The largest value a QSpinBox holds (a C int): the seed&apos;s declared range goes beyond it. The runs Train would start changed (a preset chosen, or dropped by an edit): their number.</extracomment>
        <translation>打开 UTF-8 文本文件</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="157"/>
        <source>Text files (*.txt *.md *.py);;All files (*)</source>
        <translation>文本文件 (*.txt *.md *.py);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="199"/>
        <source>Train starts {n} runs: {runs}. Change a setting the preset sets and Train starts one run.</source>
        <translation>“训练”将启动 {n} 个运行：{runs}。修改预设所设定的任一设置后，“训练”只启动一个运行。</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="205"/>
        <source>warmup {0}</source>
        <translation>预热 {0}</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="206"/>
        <source>{0} layers</source>
        <translation>{0} 层</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="237"/>
        <source>Norm</source>
        <translation>归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="237"/>
        <source>Placement</source>
        <translation>位置</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="237"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="238"/>
        <source>Width d</source>
        <translation>宽度 d</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="238"/>
        <source>Heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="238"/>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="239"/>
        <source>Warmup steps</source>
        <translation>预热步数</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="239"/>
        <source>Adam β₁</source>
        <translation>Adam β₁</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="239"/>
        <source>Adam β₂</source>
        <translation>Adam β₂</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="240"/>
        <source>Clip gradients</source>
        <translation>梯度裁剪</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="240"/>
        <source>Clip at norm</source>
        <translation>裁剪阈值（范数）</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="240"/>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="241"/>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="241"/>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="241"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="242"/>
        <source>Init</source>
        <translation>初始化</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="242"/>
        <source>Embeddings × √d</source>
        <translation>嵌入 × √d</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="242"/>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="243"/>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="243"/>
        <source>After warmup</source>
        <translation>预热之后</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="243"/>
        <source>Q/K/V init</source>
        <translation>Q/K/V 初始化</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="247"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="248"/>
        <source>Xavier-uniform</source>
        <translation>Xavier 均匀</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="248"/>
        <source>torch default</source>
        <translation>torch 默认</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="249"/>
        <source>hold the peak</source>
        <translation>保持峰值</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="249"/>
        <source>decay as 1/√step</source>
        <translation>按 1/√step 衰减</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="250"/>
        <source>packed (d × 3d, as torch)</source>
        <translation>合并 (d × 3d，同 torch)</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="250"/>
        <source>three d × d</source>
        <translation>三个 d × d</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="251"/>
        <source>The learning rate after the warmup: held at the peak, or the original Transformer&apos;s peak · √(warmup / step)</source>
        <translation>预热之后的学习率：保持在峰值，或按原始 Transformer 的 峰值 · √(预热步数 / step)</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="253"/>
        <source>Xavier-uniform for q, k and v as one packed d × 3d in-projection (as torch.nn.MultiheadAttention and fairseq: gain 1/√2 each), or as three d × d matrices. Packed is what lets warmup rescue 12-layer Post-LN here.</source>
        <translation>q、k、v 的 Xavier 均匀初始化：作为一个合并的 d × 3d 输入投影（同 torch.nn.MultiheadAttention 和 fairseq：每个的增益为 1/√2），或作为三个 d × d 矩阵。正是合并的初始化让预热在这里救回了 12 层的 Post-LN。</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="260"/>
        <source>Python standard library</source>
        <translation>Python 标准库</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="260"/>
        <source>task: copy</source>
        <translation>任务：复制</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="261"/>
        <source>task: reverse</source>
        <translation>任务：反转</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="261"/>
        <source>task: sort</source>
        <translation>任务：排序</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="262"/>
        <source>task: modular addition</source>
        <translation>任务：模加法</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="262"/>
        <source>text file…</source>
        <translation>文本文件…</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="265"/>
        <source>choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="266"/>
        <source>Post-LN without warmup vs with warmup vs Pre-LN (12 layers)</source>
        <translation>Post-LN 无预热 vs 有预热 vs Pre-LN（12 层）</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="267"/>
        <source>Post-LN without warmup vs with warmup vs Pre-LN (24 layers)</source>
        <translation>Post-LN 无预热 vs 有预热 vs Pre-LN（24 层）</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="268"/>
        <source>DeepNorm vs Post-LN vs Pre-LN (24 layers)</source>
        <translation>DeepNorm 对比 Post-LN 与 Pre-LN（24 层）</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="272"/>
        <source>Fill the form for several runs at once, the comparisons of Xiong et al. (2020) and Wang et al. (2022); Train starts them</source>
        <translation>一次为多个运行填写表单：Xiong 等人（2020）和 Wang 等人（2022）的对比；由“训练”启动它们</translation>
    </message>
    <message>
        <location filename="../../widgets/training/settings_form.py" line="275"/>
        <source>Scale token embeddings by √d (Vaswani et al.); off: by 1</source>
        <translation>词嵌入乘以 √d（Vaswani 等人）；关闭时乘以 1</translation>
    </message>
</context>
<context>
    <name>SinkMassMap</name>
    <message>
        <location filename="../../widgets/models/sink_mass_map.py" line="57"/>
        <source>Attention sinks: share of each head&apos;s attention on token 0</source>
        <extracomment>Sequential and colour-blind safe: dark where a head looks elsewhere, bright where it sinks on token 0. A sink mass is a share of the attention: the scale is always 0 … 1, so two runs compare by colour.</extracomment>
        <translation>注意力汇聚：每个头放在词元 0 上的注意力份额</translation>
    </message>
    <message>
        <location filename="../../widgets/models/sink_mass_map.py" line="58"/>
        <source>head</source>
        <translation>头</translation>
    </message>
    <message>
        <location filename="../../widgets/models/sink_mass_map.py" line="59"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location filename="../../widgets/models/sink_mass_map.py" line="60"/>
        <source>sink mass</source>
        <translation>汇聚质量</translation>
    </message>
    <message>
        <location filename="../../widgets/models/sink_mass_map.py" line="66"/>
        <source>Load a model to see which heads put their attention on the first token.</source>
        <translation>加载模型，查看哪些头把注意力放在第一个词元上。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/sink_mass_map.py" line="68"/>
        <source>One token: no later token can attend to token 0, so there is no sink mass.</source>
        <translation>只有一个词元：没有后续词元能关注词元 0，因此没有汇聚质量。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/sink_mass_map.py" line="70"/>
        <source>{count} of {total} heads have a NaN or inf sink mass: drawn blank.</source>
        <translation>{total} 个头中有 {count} 个的汇聚质量为 NaN 或 inf：显示为空白。</translation>
    </message>
    <message>
        <location filename="../../widgets/models/sink_mass_map.py" line="119"/>
        <source>layer {layer}, head {head}: sink mass {sink}, largest logit {logit}, entropy {entropy} nats</source>
        <translation>第 {layer} 层，第 {head} 个头：汇聚质量 {sink}，最大 logit {logit}，熵 {entropy} 奈特</translation>
    </message>
</context>
<context>
    <name>StackNotes</name>
    <message>
        <location filename="../../widgets/common/stack_notes.py" line="18"/>
        <source>Computing… this still shows the previous settings.</source>
        <translation>正在计算……这里显示的仍是之前设置的结果。</translation>
    </message>
</context>
<context>
    <name>StageHeatmaps</name>
    <message>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="249"/>
        <source>B − A is 0 in every stage: A and B run this block alike (they differ elsewhere).</source>
        <extracomment>The four stages shown per placement (stage keys of engine.core.block). Under &quot;auto&quot;, panels whose largest |values| differ by more than this factor get scales of their own: on one scale, a LayerNorm output of ±1.3 beside an input of ±100 is a blank panel. Panels per row a figure may be laid out with: one row of four, two rows of two, four rows of one.</extracomment>
        <translation>B − A 在每个阶段都为 0：A 和 B 在这个 Block 中的计算相同（它们的差别在别处）。</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="253"/>
        <source>A is still computing: these are the current stages, not B − A.</source>
        <translation>A 仍在计算中：这里显示的是当前各阶段，而不是 B − A。</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="255"/>
        <source>A&apos;s stages have other tokens, dimensions or norm positions: these are the current stages, not B − A.</source>
        <translation>A 的各阶段 token、维度或归一化位置不同：这里显示的是当前各阶段，而不是 B − A。</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="266"/>
        <source>NaN or inf, drawn as 0 or the scale&apos;s end and left out of its range, in: {panels}</source>
        <translation>NaN 或 inf（NaN 画作 0，inf 画作色标的端点，不计入色标范围）出现在：{panels}</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="299"/>
        <source>B − A: {stage}</source>
        <translation>B − A：{stage}</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="380"/>
        <source>Columns 1 … {n}: the dimensions d1 … d{n}</source>
        <translation>列 1 … {n}：维度 d1 … d{n}</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="399"/>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="401"/>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="399"/>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="402"/>
        <source>After attention + residual</source>
        <translation>注意力 + 残差之后</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="400"/>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="401"/>
        <source>After norm ①</source>
        <translation>归一化 ① 之后</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="400"/>
        <source>After FFN + residual, norm ②</source>
        <translation>FFN + 残差、归一化 ② 之后</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="402"/>
        <source>After FFN + residual</source>
        <translation>FFN + 残差之后</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="405"/>
        <source>value</source>
        <translation>数值</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="407"/>
        <source>Colour scale: automatic</source>
        <translation>色标：自动</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="407"/>
        <source>Colour scale: shared</source>
        <translation>色标：共用</translation>
    </message>
    <message>
        <location filename="../../widgets/plots/stage_heatmaps.py" line="407"/>
        <source>Colour scale: per panel</source>
        <translation>色标：每个面板单独</translation>
    </message>
</context>
<context>
    <name>StageTable</name>
    <message>
        <location filename="../../widgets/teaching/stage_table.py" line="104"/>
        <source>The selected stage&apos;s matrix: rows are tokens, columns are dimensions</source>
        <extracomment>Qt.UserRole returns the cell&apos;s number itself (as a Python float), for tests and scripts.</extracomment>
        <translation>所选阶段的矩阵：行是 token，列是维度</translation>
    </message>
</context>
<context>
    <name>StatusNotes</name>
    <message>
        <location filename="../../app/window/status_notes.py" line="32"/>
        <source>Autosave failed: {reason}</source>
        <translation>自动保存失败：{reason}</translation>
    </message>
    <message>
        <location filename="../../app/window/status_notes.py" line="34"/>
        <source>Autosave is off: {reason}.</source>
        <translation>自动保存已关闭：{reason}。</translation>
    </message>
</context>
<context>
    <name>TableExports</name>
    <message>
        <location filename="../../app/window/table_exports.py" line="38"/>
        <source>Normalized matrix</source>
        <translation>归一化后的矩阵</translation>
    </message>
    <message>
        <location filename="../../app/window/table_exports.py" line="38"/>
        <source>Row statistics</source>
        <translation>行统计量</translation>
    </message>
    <message>
        <location filename="../../app/window/table_exports.py" line="39"/>
        <source>Depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <location filename="../../app/window/table_exports.py" line="39"/>
        <source>Gradient norms</source>
        <translation>梯度范数</translation>
    </message>
    <message>
        <location filename="../../app/window/table_exports.py" line="49"/>
        <source>Saved the matrix to {path}</source>
        <translation>矩阵已保存到 {path}</translation>
    </message>
    <message>
        <location filename="../../app/window/table_exports.py" line="65"/>
        <source>Can&apos;t write a table as {suffix}: use .csv, .md or .tex</source>
        <translation>无法把表格写成 {suffix}：请用 .csv、.md 或 .tex</translation>
    </message>
    <message>
        <location filename="../../app/window/table_exports.py" line="78"/>
        <source>Writing {name}…</source>
        <translation>正在写入 {name}…</translation>
    </message>
    <message>
        <location filename="../../app/window/table_exports.py" line="80"/>
        <source>Writing {name} was cancelled: no file was written</source>
        <translation>已取消写入 {name}：没有写出文件</translation>
    </message>
    <message>
        <location filename="../../app/window/table_exports.py" line="83"/>
        <source>{name} could not be saved: {error}</source>
        <translation>{name} 无法保存：{error}</translation>
    </message>
    <message>
        <location filename="../../app/window/table_exports.py" line="85"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location filename="../../app/window/table_exports.py" line="93"/>
        <source>Copied: {table}</source>
        <translation>已复制：{table}</translation>
    </message>
    <message>
        <location filename="../../app/window/table_exports.py" line="96"/>
        <source>Export matrix</source>
        <translation>导出矩阵</translation>
    </message>
</context>
<context>
    <name>TeachingTabs</name>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="46"/>
        <source>Block flow</source>
        <extracomment>Where the loss plot&apos;s smoothing (steps) is remembered. The Training tab&apos;s figures, as ``TrainingPage.figures()`` names them.</extracomment>
        <translation>Block 流程</translation>
    </message>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="47"/>
        <location filename="../../app/window/teaching_tabs.py" line="60"/>
        <source>LN vs BN groups</source>
        <translation>LN 与 BN 的分组</translation>
    </message>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="49"/>
        <source>BatchNorm&apos;s problems</source>
        <translation>BatchNorm 的问题</translation>
    </message>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="51"/>
        <source>Scale invariance</source>
        <translation>尺度不变性</translation>
    </message>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="53"/>
        <source>Activations</source>
        <translation>激活函数</translation>
    </message>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="55"/>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="57"/>
        <source>Block diagram</source>
        <translation>Block 示意图</translation>
    </message>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="57"/>
        <source>Block stage heatmap</source>
        <translation>Block 阶段热力图</translation>
    </message>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="62"/>
        <source>BatchNorm and batch size</source>
        <translation>BatchNorm 与批大小</translation>
    </message>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="63"/>
        <source>Running statistics</source>
        <translation>滑动统计量</translation>
    </message>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="68"/>
        <source>Activation function (Activations tab)</source>
        <translation>激活函数（激活函数页）</translation>
    </message>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="98"/>
        <source>Training loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="98"/>
        <source>Gradient norm by layer (Training tab)</source>
        <translation>各层梯度范数（训练页）</translation>
    </message>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="99"/>
        <source>Update-to-weight ratio (Training tab)</source>
        <translation>更新量与权重之比（训练页）</translation>
    </message>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="99"/>
        <source>Residual RMS by layer (Training tab)</source>
        <translation>各层残差 RMS（训练页）</translation>
    </message>
    <message>
        <location filename="../../app/window/teaching_tabs.py" line="100"/>
        <source>Largest attention logit (Training tab)</source>
        <translation>最大注意力 logit（训练页）</translation>
    </message>
</context>
<context>
    <name>TokenTable</name>
    <message>
        <location filename="../../widgets/models/token_table.py" line="48"/>
        <source>token</source>
        <extracomment>WordPiece&apos;s token for text outside its vocabulary (MiniLM&apos;s is English: Chinese characters become it).</extracomment>
        <translation>词元</translation>
    </message>
    <message>
        <location filename="../../widgets/models/token_table.py" line="48"/>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <location filename="../../widgets/models/token_table.py" line="49"/>
        <source>The sentence&apos;s tokens as the model sees them, with their vocabulary ids</source>
        <translation>模型眼中这句话的词元，及其词表 id</translation>
    </message>
    <message>
        <location filename="../../widgets/models/token_table.py" line="62"/>
        <source>Not in the model&apos;s vocabulary: the model sees only [UNK] here (MiniLM&apos;s vocabulary is English)</source>
        <translation>不在模型词表中：模型在这里只看到 [UNK]（MiniLM 的词表是英文的）</translation>
    </message>
</context>
<context>
    <name>TrainingPage</name>
    <message>
        <location filename="../../widgets/training/training_page.py" line="151"/>
        <source>Not enough memory for this model: make it smaller (width, layers, batch).</source>
        <extracomment>After a live redraw (half of the heatmaps, see TrainingPlots.show_curves), the other half this much later (ms) when no new steps came first. Samples drawn after a run: how many, and characters each. The settings column&apos;s width: this share of the tab, between these pixels (a 1024-pixel window leaves the tab ~600 of them beside the docks; the plots need the rest). The person chose another loss smoothing (steps), for the app to remember.</extracomment>
        <translation>内存不足以容纳这个模型：请减小宽度、层数或批大小。</translation>
    </message>
    <message>
        <location filename="../../widgets/training/run_names.py" line="17"/>
        <source>no norm</source>
        <translation>无归一化</translation>
    </message>
    <message>
        <location filename="../../widgets/training/run_names.py" line="19"/>
        <source>{placement}-{norm}, {layers} layers, warmup {warmup}, seed {seed}</source>
        <translation>{placement}-{norm}，{layers} 层，预热 {warmup}，种子 {seed}</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="188"/>
        <source>Runs read from the session: their curves only. The models&apos; weights are not saved, so a sample needs the run trained again.</source>
        <translation>从会话读入的运行：只有曲线。模型权重不随会话保存，要采样需重新训练该运行。</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="195"/>
        <source>The runs are back: their curves only (their models were let go when they were removed), so a sample needs the run trained again.</source>
        <translation>运行已恢复：只有曲线（移除时已释放其模型），因此采样需要重新训练该运行。</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="214"/>
        <source>Training stopped: {reason}</source>
        <translation>训练已停止：{reason}</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="229"/>
        <source>Sampling…</source>
        <translation>正在采样…</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="235"/>
        <source>Train a run first.</source>
        <translation>请先训练一次运行。</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="237"/>
        <source>This run was read from a session: its weights are not saved. Train it again to sample.</source>
        <translation>这次运行是从会话读入的：权重没有保存。重新训练后才能采样。</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="239"/>
        <source>This run was removed and brought back: its weights were let go. Train it again to sample.</source>
        <translation>此运行曾被移除后又恢复：其权重已释放。请重新训练后再采样。</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="241"/>
        <source>The run is still training: let it finish, or stop it, to sample.</source>
        <translation>这次运行仍在训练：等它结束或停止它，再采样。</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="244"/>
        <source>Samples from {run} (temperature 1):</source>
        <translation>来自 {run} 的样本（温度 1）：</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="250"/>
        <source>Sampling failed: {reason}</source>
        <translation>采样失败：{reason}</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="257"/>
        <source>Export the run&apos;s curves</source>
        <translation>导出这次运行的曲线</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="258"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="264"/>
        <source>{name} could not be saved: {error}</source>
        <translation>无法保存 {name}：{error}</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="266"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="285"/>
        <source>{rate:.1f} steps/s, about {left:.0f} s left</source>
        <translation>{rate:.1f} 步/秒，约剩 {left:.0f} 秒</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="288"/>
        <source>learned nothing = {h:.2f} nats</source>
        <translation>什么也没学到 = {h:.2f} nats</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="291"/>
        <source>{run}: diverged at step {k}</source>
        <translation>{run}：在第 {k} 步发散</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="301"/>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="301"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="307"/>
        <source>Sample a few texts from this run&apos;s model</source>
        <translation>从这次运行的模型采样几段文本</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="312"/>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="312"/>
        <source>Train {n} runs</source>
        <translation>训练 {n} 个运行</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="313"/>
        <source>Add a run with these settings and train it</source>
        <translation>用这些设置添加一次训练并开始</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="314"/>
        <source>Add the preset&apos;s runs with these settings and train them</source>
        <translation>以这些设置添加预设的各个运行并训练</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="318"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="319"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="320"/>
        <source>Stop training and remove every run (Undo brings their curves back)</source>
        <translation>停止训练并移除所有运行（撤销可恢复其曲线）</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="323"/>
        <source>The run the heatmaps show, and that Sample, Export and Remove use</source>
        <translation>热图显示的运行，也是“采样”“导出”和“移除”所用的运行</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="321"/>
        <source>After a run</source>
        <translation>运行之后</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="322"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="324"/>
        <source>Sample</source>
        <translation>采样</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="325"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="326"/>
        <source>Save this run&apos;s curves as train_log.csv (the columns of python main.py train)</source>
        <translation>把这次运行的曲线存为 train_log.csv（与 python main.py train 的列相同）</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="328"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="329"/>
        <source>Stop this run and remove it (Undo brings its curves back)</source>
        <translation>停止此运行并将其移除（撤销可恢复其曲线）</translation>
    </message>
    <message>
        <location filename="../../widgets/training/training_page.py" line="330"/>
        <source>Samples of the chosen run&apos;s model appear here.</source>
        <translation>所选运行的模型样本显示在这里。</translation>
    </message>
</context>
<context>
    <name>TrainingSession</name>
    <message>
        <location filename="../../app/window/training_session.py" line="128"/>
        <source>Remove a training run</source>
        <extracomment>While training, ``runsGrew`` goes out at most this often (ms). Whether there are runs the session file doesn&apos;t hold (the window&apos;s title marks it).</extracomment>
        <translation>移除一个训练运行</translation>
    </message>
    <message>
        <location filename="../../app/window/training_session.py" line="134"/>
        <source>Clear the training runs</source>
        <translation>清除训练运行</translation>
    </message>
</context>
<context>
    <name>UnsavedWork</name>
    <message>
        <location filename="../../app/window/unsaved_work.py" line="40"/>
        <source>Restore unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <location filename="../../app/window/unsaved_work.py" line="41"/>
        <source>NormScope closed with unsaved work last time. Restore the work it autosaved?</source>
        <translation>NormScope 上次关闭时有未保存的工作。要恢复自动保存的内容吗？</translation>
    </message>
    <message>
        <location filename="../../app/window/unsaved_work.py" line="48"/>
        <source>The autosaved work could not be restored: {problem}.</source>
        <translation>无法恢复自动保存的工作：{problem}。</translation>
    </message>
    <message>
        <location filename="../../app/window/unsaved_work.py" line="73"/>
        <source>Save changes?</source>
        <translation>保存更改？</translation>
    </message>
    <message>
        <location filename="../../app/window/unsaved_work.py" line="72"/>
        <source>{name} has changes that are not saved. Save them before closing?</source>
        <translation>{name} 有尚未保存的更改。关闭前要保存吗？</translation>
    </message>
    <message>
        <location filename="../../app/window/unsaved_work.py" line="70"/>
        <source>This session</source>
        <translation>当前会话</translation>
    </message>
    <message>
        <location filename="../../app/window/unsaved_work.py" line="71"/>
        <source>{name} has training runs that are not saved. Save them before closing?</source>
        <translation>{name} 有尚未保存的训练记录。关闭前要保存吗？</translation>
    </message>
    <message>
        <location filename="../../app/window/unsaved_work.py" line="81"/>
        <source>Unsaved edits</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <location filename="../../app/window/unsaved_work.py" line="82"/>
        <source>Your unsaved edits could not be autosaved ({problem}). If NormScope closes now, they are lost.</source>
        <translation>未保存的修改无法自动保存（{problem}）。如果现在关闭 NormScope，这些修改将会丢失。</translation>
    </message>
    <message>
        <location filename="../../app/window/unsaved_work.py" line="85"/>
        <source>Save elsewhere…</source>
        <translation>另存到别处…</translation>
    </message>
    <message>
        <location filename="../../app/window/unsaved_work.py" line="86"/>
        <source>Close anyway</source>
        <translation>仍然关闭</translation>
    </message>
</context>
<context>
    <name>WindowTitle</name>
    <message>
        <location filename="../../app/window/window_title.py" line="38"/>
        <source>今天西安的天气怎么样 (6 × 4)</source>
        <translation>今天西安的天气怎么样 (6 × 4)</translation>
    </message>
    <message>
        <location filename="../../app/window/window_title.py" line="38"/>
        <source>我 吃 苹果 (5 × 4)</source>
        <translation>我 吃 苹果 (5 × 4)</translation>
    </message>
    <message>
        <location filename="../../app/window/window_title.py" line="39"/>
        <source>Random hidden states (128 × 768)</source>
        <translation>随机隐藏状态 (128 × 768)</translation>
    </message>
    <message>
        <location filename="../../app/window/window_title.py" line="39"/>
        <source>Large (2048 × 4096)</source>
        <translation>大矩阵 (2048 × 4096)</translation>
    </message>
    <message>
        <location filename="../../app/window/window_title.py" line="53"/>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
</context>
</TS>
