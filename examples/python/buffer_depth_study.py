"""How deep must the receiver's buffer be? A study of models/credit_loop.yaml from Python.

Sweeps the buffer depth B against the link's latency L, finds in the frame the least B that
reaches full rate for each L (the knee: B = RTT = 2L + 2, timing.md's rule) and draws the
throughput curves with the knees marked.

    PYTHONPATH=build/python python3 examples/python/buffer_depth_study.py [PLOT.png]
"""

import sys

import creditflow
import matplotlib

matplotlib.use("Agg")  # a file, no window
import matplotlib.pyplot as plt  # noqa: E402

plot = sys.argv[1] if len(sys.argv) > 1 else "buffer_depth_study.png"

model = creditflow.load("models/credit_loop.yaml")
frame = creditflow.sweep(model, vary={"rx.depth": range(1, 21), "link.latency": [1, 4, 8]}, jobs=2)

figure, axes = plt.subplots(figsize=(7, 4))
for latency, points in frame.groupby("link.latency"):
    curve = points.set_index("rx.depth")["links.link.throughput"]
    knee = curve[curve >= 1.0].index.min()  # the least depth at full rate
    rtt = int(points["links.link.loop_rtt"].iloc[0])  # the run's own round trip
    print(f"latency {latency}: round trip {rtt} cycles, full rate from B = {knee} "
          f"(B = {knee - 1}: {curve[knee - 1]:.3f})")
    axes.plot(curve.index, curve.values, marker=".", label=f"L = {latency} (RTT {rtt})")
    axes.axvline(knee, linestyle=":", color=axes.lines[-1].get_color())
axes.set_xlabel("receiver depth B (credits)")
axes.set_ylabel("throughput (flits/cycle)")
axes.set_title("credit_loop: throughput = min(1, B / RTT)")
axes.legend()
figure.tight_layout()
figure.savefig(plot)
print(f"plot: {plot}")
